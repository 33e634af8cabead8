// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/bytes.hpp"

namespace cudaarch::binary {

std::string hex(std::uint64_t value) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string text;
    do {
        text.insert(text.begin(), digits[value & 0xf]);
        value >>= 4;
    } while (value != 0);
    return "0x" + text;
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
