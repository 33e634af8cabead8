// SPDX-License-Identifier: Apache-2.0
// Runs tests/vectors/runs_on.tsv and loads_on.tsv: which image a GPU runs from a build or program.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "cudaarch/compat.hpp"
#include "vector_file.hpp"

namespace {

using cudaarch::ArchList;
using cudaarch::Verdict;

// The verdict as the vector files write it; `why` is the reason (runs_on.tsv) or the CUDA error (loads_on.tsv).
std::string verdict_text(const cudaarch::RunVerdict& v, const std::string& why) {
    switch (v.verdict) {
        case Verdict::native: return "native " + v.image.dotted();
        case Verdict::ptx_jit: return "jit " + v.image.dotted();
        case Verdict::link_sass: return "link_sass " + v.image.dotted();
        case Verdict::link_ptx: return "link_ptx " + v.image.dotted();
        case Verdict::no_image: break;
    }
    return "none " + why;
}

cudaarch::Arch gpu_of(const std::string& text) {
    auto gpu = cudaarch::parse(text);
    EXPECT_TRUE(gpu.ok() && gpu->size() == 1) << text;
    return gpu.ok() && !gpu->empty() ? gpu->front().arch : cudaarch::Arch{};
}

cudaarch::Version isa_of(const std::string& text) {
    const std::size_t dot = text.find('.');
    return {std::stoi(text.substr(0, dot)), std::stoi(text.substr(dot + 1))};
}

// Rows with a driver and the PTX ISA of the build's PTX: a PTX JIT that driver_jits() refuses
// fails with error 222, as `cudaarch check` judges it.
TEST(RunsOn, Vectors) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/runs_on.tsv", 3);
    ASSERT_GE(rows.size(), 45u);
    for (const auto& row : rows) {
        const auto& c = row.columns;
        auto build = cudaarch::parse(c[0]);
        ASSERT_TRUE(build.ok()) << "line " << row.line;
        const auto v = cudaarch::runs_on(*build, gpu_of(c[1]));
        std::string text = verdict_text(v, v.reason);
        if (c.size() == 5 && cudaarch::uses_ptx(v.verdict)) {
            const auto driver = cudaarch::parse_driver_version(c[3]);
            ASSERT_TRUE(driver.ok()) << "line " << row.line;
            if (cudaarch::driver_jits(*driver, isa_of(c[4])) == cudaarch::JitSupport::no) {
                text = "unsupported-ptx " + v.image.dotted();
            }
        }
        EXPECT_EQ(text, c[2]) << "line " << row.line << ": " << c[0];
        if (v.verdict == Verdict::no_image) EXPECT_EQ(v.error, cudaarch::error_no_kernel_image) << "line " << row.line;
    }
}

// The configure report says the same verdicts for targets with separable compilation (their
// device link gets the compile's architectures): an -rdc program of the same list has linked
// cubins, no linked PTX, and its relocatable images. It runs the same image, its PTX through a
// load-time link, and fails with 500 instead of 209.
TEST(RunsOn, RdcProgramOfTheSameList) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/runs_on.tsv", 3);
    for (const auto& row : rows) {
        auto build = cudaarch::parse(row.columns[0]);
        ASSERT_TRUE(build.ok()) << "line " << row.line;
        cudaarch::ProgramBuild program{{}, {*build}, {}};
        for (cudaarch::Entry e : *build) {
            e.ptx = false;
            if (e.sass) program.images.push_back(e);
        }
        const cudaarch::Arch gpu = gpu_of(row.columns[1]);
        const auto plain = cudaarch::runs_on(*build, gpu);
        const auto rdc = cudaarch::runs_on(program, gpu);
        const Verdict expected = plain.verdict == Verdict::ptx_jit ? Verdict::link_ptx : plain.verdict;
        EXPECT_EQ(rdc.verdict, expected) << "line " << row.line;
        EXPECT_EQ(rdc.image, plain.image) << "line " << row.line;
        EXPECT_EQ(rdc.error, plain.error == 0 ? 0 : cudaarch::error_symbol_not_found) << "line " << row.line;
    }
}

ArchList list_of(const std::string& text, int line) {
    if (text == "-") return {};
    auto list = cudaarch::parse(text);
    EXPECT_TRUE(list.ok()) << "line " << line << ": " << text;
    return list.ok() ? *list : ArchList{};
}

TEST(LoadsOn, Vectors) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/loads_on.tsv", 5);
    ASSERT_GE(rows.size(), 25u);
    for (const auto& row : rows) {
        const auto& c = row.columns;
        cudaarch::ProgramBuild program{list_of(c[0], row.line), {}, list_of(c[2], row.line)};
        for (std::size_t start = 0; c[1] != "-" && start <= c[1].size();) {
            const std::size_t bar = std::min(c[1].find('|', start), c[1].size());
            program.relocatable.push_back(list_of(c[1].substr(start, bar - start), row.line));
            start = bar + 1;
        }
        const auto v = cudaarch::runs_on(program, gpu_of(c[3]));
        EXPECT_EQ(verdict_text(v, std::to_string(v.error)), c[4]) << "line " << row.line;
    }
}

}  // namespace

namespace {

std::string jit_text(const std::string& driver_text, const std::string& isa_text) {
    const auto driver = cudaarch::parse_driver_version(driver_text);
    if (!driver) return driver.error().message;
    const cudaarch::Version isa = isa_of(isa_text);
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

namespace {

// A runtime (or cubins) of a release against a driver: within a major, any driver of the
// major's first branch runs every minor release; before CUDA 11, only the release's own driver.
std::string runs_text(const std::string& driver_text, cudaarch::Version release) {
    const auto driver = cudaarch::parse_driver_version(driver_text);
    const char* answers[] = {"yes", "no", "unknown"};
    return driver ? answers[static_cast<int>(cudaarch::driver_runs(*driver, release))] : driver.error().message;
}

TEST(DriverRuns, MinorVersionCompatibility) {
    EXPECT_EQ(runs_text("535.104", {13, 0}), "no");
    EXPECT_EQ(runs_text("575.51.03", {13, 0}), "no");
    EXPECT_EQ(runs_text("580", {13, 2}), "yes");
    EXPECT_EQ(runs_text("580.65.06", {13, 5}), "yes");  // 13.5 bundles no driver: the major's first counts
    EXPECT_EQ(runs_text("525.60", {12, 8}), "yes");     // the branch alone: "525 or newer"
    EXPECT_EQ(runs_text("520.61.05", {12, 0}), "no");
    EXPECT_EQ(runs_text("450.36.06", {11, 8}), "yes");
    EXPECT_EQ(runs_text("440.33", {10, 2}), "yes");
    EXPECT_EQ(runs_text("418.39", {10, 2}), "no");      // no minor version compatibility before 11
    EXPECT_EQ(runs_text("12.2", {12, 9}), "yes");       // a CUDA version: every release of its major
    EXPECT_EQ(runs_text("12.9", {13, 0}), "no");
    EXPECT_EQ(runs_text("13.0", {12, 4}), "yes");
    EXPECT_EQ(runs_text("580", {14, 0}), "unknown");    // a major the database does not know
    EXPECT_EQ(cudaarch::major_release({12, 8})->release.str(), "12.0");
    EXPECT_EQ(cudaarch::major_release({10, 2})->release.str(), "10.2");
    EXPECT_EQ(cudaarch::major_release({10, 3}), nullptr);
}

}  // namespace
