// SPDX-License-Identifier: Apache-2.0
// The LZ4 block decoder (fatbin entries flagged 0x2000): sequences, overlapping matches, and
// every malformed block rejected with its offset.
#include <gtest/gtest.h>

#include <string>

#include "cudaarch/binary/lz4.hpp"

namespace {

std::string decode(const std::string& block, std::uint64_t limit = 1 << 16) {
    const auto out = cudaarch::binary::lz4_block_decode(block, limit);
    return out ? "ok " + *out : "error " + out.error().message;
}

TEST(Lz4, Sequences) {
    EXPECT_EQ(decode(std::string("\x30" "abc", 4)), "ok abc");  // literals only
    // "ab", then a match of 6 at offset 2 (overlapping: repeats "ab"), then "z".
    EXPECT_EQ(decode(std::string("\x22" "ab" "\x02\x00" "\x10" "z", 7)), "ok abababab" "z");
    // A literal length of 15 + 1 extension byte (15 + 3 = 18).
    EXPECT_EQ(decode(std::string("\xf0\x03") + std::string(18, 'x')), "ok " + std::string(18, 'x'));
    EXPECT_EQ(decode(""), "ok ");
}

TEST(Lz4, Malformed) {
    EXPECT_EQ(decode(std::string("\x50" "abc", 4)), "error LZ4 block: literals past the end at offset 0x1");
    EXPECT_EQ(decode(std::string("\xf0", 1)), "error LZ4 block: literal length past the end at offset 0x1");
    EXPECT_EQ(decode(std::string("\x10" "a" "\x00\x00", 4)), "error LZ4 block: match offset before the output's start at offset 0x2");
    EXPECT_EQ(decode(std::string("\x10" "a" "\x02\x00", 4)), "error LZ4 block: match offset before the output's start at offset 0x2");
    EXPECT_EQ(decode(std::string("\x10" "a" "\x01", 3)), "error LZ4 block: match offset past the end at offset 0x2");
    EXPECT_EQ(decode(std::string("\x30" "abc", 4), 2), "error LZ4 block: output larger than its stated size at offset 0x1");
    EXPECT_EQ(decode(std::string("\x1f" "a" "\x01\x00" "\xff", 5)), "error LZ4 block: match length past the end at offset 0x5");
    EXPECT_EQ(decode(std::string("\x10" "a" "\x01\x00" "\x00", 5), 4), "error LZ4 block: output larger than its stated size at offset 0x4");
}

}  // namespace
