// JSON text for the commands' --json output.
#pragma once

#include <string>
#include <string_view>

namespace cudaarch::cli {

// A JSON string: `text` in quotes, with '"', '\' and control characters escaped. Other
// bytes pass through, non-UTF-8 ones included.
[[nodiscard]] inline std::string json_string(std::string_view text) {
    std::string quoted = "\"";
    for (const char c : text) {
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

}  // namespace cudaarch::cli
