// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/lz4.hpp"

#include "cudaarch/binary/bytes.hpp"

namespace cudaarch::binary {

namespace {

// A length of the token's 4 bits, 15 meaning that bytes follow and add until one is below 255.
bool read_length(std::string_view block, std::size_t& at, std::uint64_t& length) {
    if (length != 15) return true;
    for (;;) {
        if (at >= block.size()) return false;
        const auto more = static_cast<std::uint8_t>(block[at++]);
        length += more;
        if (more != 255) return true;
    }
}

Error lz4_error(std::size_t at, std::string_view what) {
    return Error{"LZ4 block: " + std::string(what) + " at offset " + hex(at)};
}

}  // namespace

Result<std::string> lz4_block_decode(std::string_view block, std::uint64_t limit) {
    std::string out;
    std::size_t at = 0;
    while (at < block.size()) {
        const auto token = static_cast<std::uint8_t>(block[at++]);
        std::uint64_t literals = token >> 4;
        if (!read_length(block, at, literals)) return lz4_error(at, "literal length past the end");
        if (literals > block.size() - at) return lz4_error(at, "literals past the end");
        if (literals > limit - out.size()) return lz4_error(at, "output larger than its stated size");
        out.append(block.substr(at, literals));
        at += literals;
        if (at == block.size()) break;  // the last sequence: literals only
        if (block.size() - at < 2) return lz4_error(at, "match offset past the end");
        const std::uint64_t offset = static_cast<std::uint8_t>(block[at]) | static_cast<std::uint8_t>(block[at + 1]) << 8;
        at += 2;
        if (offset == 0 || offset > out.size()) return lz4_error(at - 2, "match offset before the output's start");
        std::uint64_t match = token & 15;
        if (!read_length(block, at, match)) return lz4_error(at, "match length past the end");
        match += 4;
        if (match > limit - out.size()) return lz4_error(at, "output larger than its stated size");
        // Byte by byte: a match may overlap the bytes it produces (offset < length repeats them).
        const std::size_t from = out.size() - offset;
        for (std::uint64_t k = 0; k < match; ++k) out.push_back(out[from + k]);
    }
    return out;
}

}  // namespace cudaarch::binary
