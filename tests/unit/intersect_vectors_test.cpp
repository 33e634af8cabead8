// SPDX-License-Identifier: Apache-2.0
// Runs tests/vectors/intersect.tsv against the recorded nvcc answers in tests/toolkits/fixtures.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cudaarch/intersect.hpp"
#include "cudaarch/resolve.hpp"
#include "fixture_toolkit.hpp"

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
        std::vector<cudaarch::Arch> supported;
        if (c[2] == "MINIMUM") {
            auto minimum = cudaarch::parse(c[3]);
            ASSERT_TRUE(minimum.ok() && minimum->size() == 1) << "line " << row.line;
            supported = cudaarch::supported_from_minimum(minimum->front().arch, toolkit);
        } else {
            ASSERT_EQ(c[2], "SUPPORTED") << "line " << row.line;
            auto list = cudaarch::parse(c[3]);
            ASSERT_TRUE(list.ok()) << "line " << row.line << ": " << list.error().message;
            for (const auto& e : *list) supported.push_back(e.arch);
        }
        const auto rendering = cudaarch::render(cudaarch::intersect(request->list, supported, toolkit), cudaarch::Format::cmake);
        ASSERT_TRUE(rendering.ok()) << "line " << row.line;
        EXPECT_EQ("=" + rendering->text, c[4]) << "line " << row.line << ": " << c[0] << " " << c[1] << " " << c[2] << " "
                                              << c[3];
    }
}

}  // namespace
