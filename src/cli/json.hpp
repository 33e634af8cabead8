// SPDX-License-Identifier: Apache-2.0
// JSON text for the commands' --json output (their schemas: docs/cli/json.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/file_build.hpp"
#include "cudaarch/toolkit.hpp"

namespace cudaarch::cli {

// The length of the well-formed UTF-8 sequence at text[at], or 0 when the bytes there are not
// one (a stray continuation byte, an overlong form, a surrogate, beyond U+10FFFF, cut short).
[[nodiscard]] inline std::size_t utf8_sequence(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80) return 1;
    const std::size_t length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length == 0 || text.size() - at < length) return 0;
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(at + k) & 0xc0) != 0x80) return 0;
    }
    const unsigned char second = byte(at + 1);
    if ((lead == 0xe0 && second < 0xa0) || (lead == 0xed && second > 0x9f) || (lead == 0xf0 && second < 0x90) ||
        (lead == 0xf4 && second > 0x8f))
        return 0;
    return length;
}

// A JSON string: `text` in quotes, with '"', '\' and control characters escaped. Bytes that are
// not UTF-8 (file names and environment values can hold any) become U+FFFD, one per byte, so the
// document stays valid JSON.
[[nodiscard]] inline std::string json_string(std::string_view text) {
    std::string quoted = "\"";
    for (std::size_t at = 0; at < text.size();) {
        const char c = text[at];
        const std::size_t length = utf8_sequence(text, at);
        if (length == 0) {
            quoted += "\\ufffd";
            ++at;
            continue;
        }
        if (length > 1) {
            quoted.append(text.substr(at, length));
            at += length;
            continue;
        }
        ++at;
        switch (c) {
            case '"': quoted += "\\\""; break;
            case '\\': quoted += "\\\\"; break;
            case '\n': quoted += "\\n"; break;
            case '\t': quoted += "\\t"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    static constexpr char digits[] = "0123456789abcdef";
                    quoted += "\\u00";
                    quoted += digits[(c >> 4) & 0xf];
                    quoted += digits[c & 0xf];
                } else {
                    quoted += c;
                }
        }
    }
    return quoted + "\"";
}

// null for an empty text, else json_string.
[[nodiscard]] inline std::string json_optional_string(std::string_view text) {
    return text.empty() ? "null" : json_string(text);
}

// ["a", "b"]
[[nodiscard]] inline std::string json_strings(const std::vector<std::string>& texts) {
    std::string array = "[";
    for (const std::string& text : texts) array += (array.size() > 1 ? ", " : "") + json_string(text);
    return array + "]";
}

// The images of a list, SASS before PTX of each architecture: ["sm_80", "sm_90", "compute_90"].
[[nodiscard]] inline std::string json_image_names(const ArchList& list) { return json_strings(image_name_list(list)); }

// The nvcc asked: {"version": "13.0", "path": "/usr/local/cuda/bin/nvcc"}
[[nodiscard]] inline std::string json_nvcc(const Toolkit& toolkit) {
    return "{\"version\": " + json_string(toolkit.version.str()) + ", \"path\": " + json_string(toolkit.nvcc) + "}";
}

// The opening of every command's document: {"schema": "cudaarch.<command>/1"
[[nodiscard]] inline std::string json_schema_head(std::string_view command) {
    return "{\"schema\": \"cudaarch." + std::string(command) + "/1\"";
}

}  // namespace cudaarch::cli
