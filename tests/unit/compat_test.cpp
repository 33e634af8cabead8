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

namespace {

std::string jit_text(const std::string& driver_text, const std::string& isa_text) {
    const auto driver = cudaarch::parse_driver_version(driver_text);
    if (!driver) return driver.error().message;
    const std::size_t dot = isa_text.find('.');
    const cudaarch::Version isa{std::stoi(isa_text.substr(0, dot)), std::stoi(isa_text.substr(dot + 1))};
    const cudaarch::ToolkitRecord* newest = cudaarch::newest_jit_toolkit(*driver);
    const char* answers[] = {"yes", "no", "unknown"};
    return std::string(answers[static_cast<int>(cudaarch::driver_jits(*driver, isa))]) + " " +
           (newest ? newest->release.str() : "-");
}

TEST(DriverJit, Vectors) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/driver_jit.tsv", 3);
    ASSERT_GE(rows.size(), 15u);
    for (const auto& row : rows) {
        EXPECT_EQ(jit_text(row.columns[0], row.columns[1]), row.columns[2]) << "line " << row.line;
    }
}

TEST(DriverJit, ParseErrors) {
    for (const char* text : {"", "abc", "575..03", "12.9.1", "-1", "575.51.03x"}) {
        const auto driver = cudaarch::parse_driver_version(text);
        ASSERT_FALSE(driver.ok()) << text;
        EXPECT_EQ(driver.error().message,
                  "'" + std::string(text) + "' is not a driver version (575.51.03) or a CUDA version (12.9)");
    }
    for (const char* text : {"0", "0.0", "1.0", "9.2"}) {
        const auto driver = cudaarch::parse_driver_version(text);
        ASSERT_FALSE(driver.ok()) << text;
        EXPECT_EQ(driver.error().message, "'" + std::string(text) +
                                              "' is older than every CUDA version cudaarch knows; give a driver version "
                                              "(575.51.03) or a CUDA version from 10.0 on (12.9)");
    }
    EXPECT_EQ(cudaarch::driver_from_cuda_version(12090).text, "12.9");
}

}  // namespace
