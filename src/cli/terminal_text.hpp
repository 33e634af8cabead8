// SPDX-License-Identifier: Apache-2.0
// Values from files and the environment (paths, package names) made safe to print: a file
// name can hold any byte, and a terminal acts on control characters.
#pragma once

#include <string>
#include <string_view>

#include "cli/json.hpp"

namespace cudaarch::cli {

// `text` with control characters, DEL, '\' and bytes that are not UTF-8 written as \xNN
// ('\' as \\), so what is printed is what is there and nothing acts on the terminal.
[[nodiscard]] inline std::string terminal_text(std::string_view text) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t length = utf8_sequence(text, at);
        const auto c = static_cast<unsigned char>(text[at]);
        if (length > 1) {
            out.append(text.substr(at, length));
            at += length;
            continue;
        }
        ++at;
        if (c == '\\') {
            out += "\\\\";
        } else if (length == 0 || c < 0x20 || c == 0x7f) {
            out += "\\x";
            out += digits[c >> 4];
            out += digits[c & 0xf];
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

}  // namespace cudaarch::cli
