// SPDX-License-Identifier: Apache-2.0
// Small text helpers shared by the parsers: ASCII case folding, quoting, splitting, and the
// edit distance behind every "did you mean" suggestion.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cudaarch::text {

[[nodiscard]] inline char lower(char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

[[nodiscard]] inline std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = lower(c);
    return out;
}

[[nodiscard]] inline bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

[[nodiscard]] inline bool istarts_with(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

[[nodiscard]] inline bool iends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && iequals(s.substr(s.size() - suffix.size()), suffix);
}

[[nodiscard]] inline bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

[[nodiscard]] inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

// `value` safe to show on a terminal: each control byte (0x00-0x1f, 0x7f) written as an escape,
// \e for ESC, \n \r \t for those, \xNN for the others, so that no value can move the cursor,
// clear the screen or retitle the window (ESC ]0;...). With `keep_lines`, line feeds and tabs
// stay as they are: for whole messages, whose lines are the program's own. The CMake twin is
// _cudaarch_escape (cmake/cudaarch/internal/notation/text.cmake).
[[nodiscard]] inline std::string escape(std::string_view value, bool keep_lines = false) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(value.size());
    for (const char c : value) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte != 0x7f) out += c;
        else if (keep_lines && (c == '\n' || c == '\t')) out += c;
        else if (c == '\x1b') out += "\\e";
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else {
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        }
    }
    return out;
}

// 'token' in single quotes, escaped; tokens over 64 bytes are cut to 60 bytes and "...", and
// their length given: '7777...' (131000 bytes).
[[nodiscard]] inline std::string quote(std::string_view token) {
    if (token.size() > 64) {
        return "'" + escape(token.substr(0, 60)) + "...' (" + std::to_string(token.size()) + " bytes)";
    }
    return "'" + escape(token) + "'";
}

// `text` safe to print on a terminal: bytes outside printable ASCII as \xNN.
[[nodiscard]] inline std::string printable(std::string_view text) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f && c != '\\') {
            out += c;
        } else {
            out += "\\x";
            out += digits[byte >> 4];
            out += digits[byte & 0xf];
        }
    }
    return out;
}

[[nodiscard]] inline std::string join(const std::vector<std::string>& parts, std::string_view sep) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i) out += sep;
        out += parts[i];
    }
    return out;
}

// The error vocabulary: one wording for every parser and the CLI, the twin of the CMake wing's
// _cudaarch_unknown_value, _cudaarch_missing_value and _cudaarch_mutually_exclusive
// (cmake/cudaarch/internal/notation/text.cmake). unit.error_vocabulary.source_scan fails where
// one of these is spelled by hand.

// "unknown <noun> '<value>'; <plural>: <choice>, <choice>." (`value` quoted and escaped).
[[nodiscard]] inline std::string unknown_value(std::string_view noun, std::string_view plural, std::string_view value,
                                               const std::vector<std::string>& choices) {
    return "unknown " + std::string(noun) + " " + quote(value) + "; " + std::string(plural) + ": " +
           join(choices, ", ") + ".";
}

// "<what> needs a value": `what` names the option or keyword as its caller shows it; the caller
// adds how to give one.
[[nodiscard]] inline std::string missing_value(std::string_view what) { return std::string(what) + " needs a value"; }

// "give <first> or <second>, not both".
[[nodiscard]] inline std::string mutually_exclusive(std::string_view first, std::string_view second) {
    return "give " + std::string(first) + " or " + std::string(second) + ", not both";
}

// The parts of `text` between the separators, empty ones included: "a,,b" is {"a", "", "b"}.
[[nodiscard]] inline std::vector<std::string> split(std::string_view text, char separator) {
    std::vector<std::string> parts;
    while (!text.empty()) {
        const std::size_t at = text.find(separator);
        parts.emplace_back(text.substr(0, at));
        text = at == std::string_view::npos ? std::string_view() : text.substr(at + 1);
    }
    return parts;
}

// The number of single-character insertions, deletions and substitutions between a and b.
[[nodiscard]] inline std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
            diagonal = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitution});
        }
    }
    return row[b.size()];
}

}  // namespace cudaarch::text
