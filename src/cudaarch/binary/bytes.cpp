// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/bytes.hpp"

#include <charconv>
#include <iterator>

namespace cudaarch::binary {

void append_hex(std::string& out, std::uint64_t value) {
    char text[2 + 16] = {'0', 'x'};
    const char* end = std::to_chars(text + 2, std::end(text), value, 16).ptr;
    out.append(text, static_cast<std::size_t>(end - text));
}

std::string hex(std::uint64_t value) {
    std::string text;
    append_hex(text, value);
    return text;
}

Error Bytes::error(std::uint64_t offset, std::string_view what) const {
    std::string message(file_);
    message += ": ";
    message += what;
    message += " at offset ";
    message += hex(origin_ + offset);
    return Error{std::move(message)};
}

}  // namespace cudaarch::binary
