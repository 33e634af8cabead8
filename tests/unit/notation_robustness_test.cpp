// SPDX-License-Identifier: Apache-2.0
// Inputs no user should send: the parser must answer every one with a list or an error.
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "cudaarch/notation.hpp"

namespace {

using cudaarch::Format;
using cudaarch::parse;
using cudaarch::render;

TEST(NotationRobustness, EmptySpecIsAnEmptyList) {
    auto list = parse("");
    ASSERT_TRUE(list.ok());
    EXPECT_TRUE(list->empty());
}

TEST(NotationRobustness, HundredThousandTokensMergeIntoOneList) {
    std::string spec;
    const char* tokens[] = {"7.5", "sm_80", "compute_86", "90a-real", "A100", "100f"};
    for (int i = 0; i < 100000; ++i) spec.append(tokens[i % 6]).append(i % 2 ? ";" : " ");
    auto list = parse(spec);
    ASSERT_TRUE(list.ok()) << list.error().message;
    EXPECT_EQ(render(*list, Format::cmake)->text, "75-real;80-real;86-virtual;90a-real;100f");
}

TEST(NotationRobustness, HundredThousandBadTokensStopAtTheFirst) {
    std::string spec;
    for (int i = 0; i < 100000; ++i) spec.append("bogus ");
    auto list = parse(spec);
    ASSERT_FALSE(list.ok());
    // The run stops at the most words one GPU name with its extras can take, and the quote
    // at 60 bytes, with the length of what was cut.
    EXPECT_EQ(list.error().message.rfind("'bogus bogus bogus bogus bogus bogus bogus bogus bogus bogus ...' (71 bytes) is not a CUDA "
                                         "architecture.",
                                         0),
              0u)
        << list.error().message;
}

TEST(NotationRobustness, OneHugeTokenIsQuotedShort) {
    auto list = parse(std::string(1 << 20, '7'));
    ASSERT_FALSE(list.ok());
    EXPECT_EQ(list.error().message.rfind("'" + std::string(60, '7') + "...' (1048576 bytes) is not a CUDA architecture.", 0),
              0u)
        << list.error().message.substr(0, 200);
}

// Control bytes of a spec never reach the message raw: a terminal would act on ESC ]0;...
TEST(NotationRobustness, ControlBytesAreEscapedInErrors) {
    auto list = parse("\x1b]0;owned\x07\x1b[2J");
    ASSERT_FALSE(list.ok());
    EXPECT_EQ(list.error().message.find('\x1b'), std::string::npos) << list.error().message;
    EXPECT_EQ(list.error().message.find('\x07'), std::string::npos) << list.error().message;
}

TEST(NotationRobustness, BinaryJunkAndUnicodeGiveErrorsNotCrashes) {
    std::mt19937 random(20261129);
    const std::string alphabet = std::string("0123456789.+-_()[]=,; \t\nsmcomputearchcodefPTXrealvirtual\xc3\xa9\xff", 61) +
                                 std::string(1, '\0');
    for (int round = 0; round < 20000; ++round) {
        std::string spec(random() % 24, ' ');
        for (char& c : spec) c = alphabet[random() % alphabet.size()];
        auto list = parse(spec);
        if (list.ok()) {
            for (Format f : {Format::cmake, Format::gencode, Format::opencv, Format::readable}) {
                EXPECT_TRUE(render(*list, f).ok()) << spec;
            }
        } else {
            EXPECT_FALSE(list.error().message.empty()) << spec;
        }
    }
}

}  // namespace
