// Runs tests/vectors/runs_on.tsv: which image a GPU runs from a build.
#include <string>

#include <gtest/gtest.h>

#include "cudaarch/compat.hpp"
#include "vector_file.hpp"

namespace {

std::string verdict_text(const cudaarch::RunVerdict& v) {
    switch (v.verdict) {
        case cudaarch::Verdict::native: return "native " + v.image.dotted();
        case cudaarch::Verdict::ptx_jit: return "jit " + v.image.dotted();
        case cudaarch::Verdict::no_image: break;
    }
    return "none " + v.reason;
}

TEST(RunsOn, Vectors) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/runs_on.tsv", 3);
    ASSERT_GE(rows.size(), 25u);
    for (const auto& row : rows) {
        const auto& c = row.columns;
        auto build = cudaarch::parse(c[0]);
        auto gpu = cudaarch::parse(c[1]);
        ASSERT_TRUE(build.ok() && gpu.ok() && gpu->size() == 1) << "line " << row.line;
        EXPECT_EQ(verdict_text(cudaarch::runs_on(*build, gpu->front().arch)), c[2]) << "line " << row.line << ": " << c[0];
    }
}

}  // namespace
