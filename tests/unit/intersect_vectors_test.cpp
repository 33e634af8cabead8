// SPDX-License-Identifier: Apache-2.0
// Runs tests/vectors/intersect.tsv against the recorded nvcc answers in tests/toolkits/fixtures.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cudaarch/intersect.hpp"
#include "cudaarch/resolve.hpp"
#include "fixture_toolkit.hpp"
#include "kernel_shape_words.hpp"

namespace {

using cudaarch::testing::fixture_toolkit;

TEST(IntersectVectors, AllPass) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/intersect.tsv", 5);
    ASSERT_GE(rows.size(), 40u);
    for (const auto& row : rows) {
        const auto& c = row.columns;
        const cudaarch::Toolkit toolkit = fixture_toolkit(c[0]);
        auto request = cudaarch::resolve(c[1], toolkit);
        ASSERT_TRUE(request.ok()) << "line " << row.line << ": " << request.error().message;
        // The kind is SUPPORTED or MINIMUM, then the kernel's shape words (NO_PTX, KEEP, ...).
        const std::size_t space = c[2].find(' ');
        const std::string kind = c[2].substr(0, space);
        const std::string words = space == std::string::npos ? "" : c[2].substr(space + 1);
        cudaarch::KernelSupport supported;
        if (kind == "MINIMUM") {
            auto minimum = cudaarch::parse(c[3]);
            ASSERT_TRUE(minimum.ok() && minimum->size() == 1) << "line " << row.line;
            supported.archs = cudaarch::supported_from_minimum(minimum->front().arch, toolkit);
        } else {
            ASSERT_EQ(kind, "SUPPORTED") << "line " << row.line;
            auto parsed = cudaarch::parse_support(c[3], cudaarch::Dialect::standard, toolkit);
            ASSERT_TRUE(parsed.ok()) << "line " << row.line << ": " << parsed.error().message;
            supported = *parsed;
        }
        const auto shaped = cudaarch::testing::with_shape_words(supported, words);
        ASSERT_TRUE(shaped.ok()) << "line " << row.line << ": " << shaped.error().message;
        const auto rendering = cudaarch::render(cudaarch::intersect(request->list, *shaped, toolkit), cudaarch::Format::cmake);
        ASSERT_TRUE(rendering.ok()) << "line " << row.line;
        EXPECT_EQ("=" + rendering->text, c[4]) << "line " << row.line << ": " << c[0] << " " << c[1] << " " << c[2] << " "
                                              << c[3];
    }
}

// An "A|B" entry holds architectures only: '[', ']' and '\\' would not survive the CMake twin's
// lists, so both engines refuse them (cmake.intersect alternative_bracket).
TEST(ParseSupport, BracketInAlternative) {
    const auto support = cudaarch::parse_support("8.0 10.0f|[10.0a", cudaarch::Dialect::standard, fixture_toolkit("nvcc-13.0"));
    ASSERT_FALSE(support.ok());
    EXPECT_EQ(support.error().message, "'10.0f|[10.0a': an entry A|B holds architectures only, not '[', ']' or '\\'");
}

}  // namespace
