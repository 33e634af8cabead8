// SPDX-License-Identifier: Apache-2.0
// A small JSON reader for the machine-readable output of other tools (ctest
// --show-only=json-v1, resource specs). Bounds-checked, depth-limited, never throws.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cudaarch/result.hpp"

namespace cudaarch {

struct JsonValue {
    enum class Kind { null, boolean, number, string, array, object };
    Kind kind = Kind::null;
    bool boolean = false;
    double number = 0;
    std::string string;
    std::vector<JsonValue> items;                             // an array's elements
    std::vector<std::pair<std::string, JsonValue>> members;   // an object's members, in order

    // The member named `key` of an object, or nullptr (also for non-objects).
    [[nodiscard]] const JsonValue* find(std::string_view key) const;
    // The elements of an array; empty for anything else.
    [[nodiscard]] const std::vector<JsonValue>& elements() const;
};

// Parses one JSON document (RFC 8259); the error names the byte offset.
Result<JsonValue> parse_json(std::string_view text);

}  // namespace cudaarch
