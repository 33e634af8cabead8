// SPDX-License-Identifier: Apache-2.0
// Runs tests/vectors/gpu_names.tsv, the GPU name corpus the CMake functions pass too.
#include <string>

#include <gtest/gtest.h>

#include "cudaarch/notation.hpp"
#include "vector_file.hpp"

namespace {

// A name is the SASS of its capability: 8.6 is 86-real in CMAKE format.
std::string cmake_list(const std::string& name) {
    auto list = cudaarch::parse(name);
    if (!list) return "!" + list.error().message;
    auto rendering = cudaarch::render(*list, cudaarch::Format::cmake);
    if (!rendering) return "!" + rendering.error().message;
    return "=" + rendering->text;
}

TEST(GpuNamesVectors, EveryNameReadsAsItsCapability) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/gpu_names.tsv", 3);
    ASSERT_GE(rows.size(), 300u);
    for (const auto& row : rows) {
        const auto& c = row.columns;
        std::string number = c[1];
        number.erase(number.find('.'), 1);
        EXPECT_EQ(cmake_list(c[0]), "=" + number + "-real") << "line " << row.line << ": " << c[0] << " (" << c[2] << ")";
    }
}

}  // namespace
