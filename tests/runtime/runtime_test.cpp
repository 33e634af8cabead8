// SPDX-License-Identifier: Apache-2.0
// The runtime guard's pure parts, host-only: list parsing, verdicts and exact messages.
#include <gtest/gtest.h>

#include <cudaarch/runtime.hpp>

namespace {

using cudaarch::DeviceVerdict;
using cudaarch::runtime_detail::assess;
using cudaarch::runtime_detail::BuiltFor;
using cudaarch::runtime_detail::DeviceInfo;
using cudaarch::runtime_detail::parse_built_for;
using cudaarch::runtime_detail::Probe;

const DeviceInfo kH200{0, "NVIDIA H200", 9, 0};

Probe attributes(int binary_version, int ptx_version) { return {0, "", "", binary_version, ptx_version, false}; }
Probe error(int code, const char* name, const char* text) { return {code, name, text, 0, 0, false}; }

std::string message(const char* built_for, const DeviceInfo& device, const Probe& probe) {
    return assess(parse_built_for(built_for), device, probe).message;
}

TEST(RuntimeList, ParsesCMakeEntries) {
    const BuiltFor built = parse_built_for("90a-real;80-real; 86,120-virtual;86-real");
    ASSERT_TRUE(built.known);
    ASSERT_EQ(built.entries.size(), 4u);
    EXPECT_EQ(built.entries[0].number, 80);
    EXPECT_TRUE(built.entries[0].sass);
    EXPECT_FALSE(built.entries[0].ptx);
    EXPECT_EQ(built.entries[1].number, 86);
    EXPECT_TRUE(built.entries[1].sass && built.entries[1].ptx);
    EXPECT_EQ(built.entries[2].number, 90);
    EXPECT_EQ(built.entries[2].suffix, 'a');
    EXPECT_EQ(built.entries[3].number, 120);
    EXPECT_TRUE(!built.entries[3].sass && built.entries[3].ptx);
}

TEST(RuntimeList, AnythingElseIsUnknown) {
    for (const char* text : {"native", "all", "8.6", "86-fake", "sm_86", "7", "1234", "86;native"}) {
        EXPECT_FALSE(parse_built_for(text).known) << text;
    }
    EXPECT_FALSE(parse_built_for(nullptr).known);
    EXPECT_FALSE(parse_built_for("").known);
    EXPECT_FALSE(parse_built_for(" ; ").known);
}

TEST(RuntimeMessage, Native) {
    const auto check = assess(parse_built_for("80-real;90"), kH200, attributes(90, 90));
    EXPECT_EQ(check.verdict, DeviceVerdict::native);
    EXPECT_EQ(check.message, "built for sm_80, sm_90 (PTX compute_90); device 0 'NVIDIA H200' (9.0) runs it natively (sm_90).");
}

TEST(RuntimeMessage, NativeOlderMinorAndSuffix) {
    EXPECT_EQ(message("80-real", DeviceInfo{1, "NVIDIA RTX A6000", 8, 6}, attributes(80, 80)),
              "built for sm_80; device 1 'NVIDIA RTX A6000' (8.6) runs it natively (sm_80).");
    // sm_90a reports binaryVersion 90, as observed on the H200.
    EXPECT_EQ(message("90a-real", kH200, attributes(90, 90)),
              "built for sm_90a; device 0 'NVIDIA H200' (9.0) runs it natively (sm_90a).");
}

TEST(RuntimeMessage, PtxJit) {
    const auto check = assess(parse_built_for("80-real;86"), kH200, attributes(90, 86));
    EXPECT_EQ(check.verdict, DeviceVerdict::ptx_jit);
    EXPECT_EQ(check.message,
              "built for sm_80, sm_86 (PTX compute_86); device 0 'NVIDIA H200' (9.0) runs it through PTX JIT: first "
              "launch is slower, rebuild with 90 for native code.");
    EXPECT_EQ(message("80-virtual", kH200, attributes(90, 80)),
              "built for PTX compute_80; device 0 'NVIDIA H200' (9.0) runs it through PTX JIT: first launch is slower, "
              "rebuild with 90 for native code.");
}

TEST(RuntimeMessage, NoKernelImage) {
    const auto check = assess(parse_built_for("80-real"), kH200,
                              error(209, "cudaErrorNoKernelImageForDevice", "no kernel image is available for execution on the device"));
    EXPECT_EQ(check.verdict, DeviceVerdict::cannot_run);
    EXPECT_EQ(check.message,
              "built for sm_80; device 0 'NVIDIA H200' (9.0) cannot run it: no kernel image; rebuild with "
              "CMAKE_CUDA_ARCHITECTURES=80-real;90-real (or TORCH_CUDA_ARCH_LIST=\"8.0 9.0\").");
    EXPECT_EQ(message("75-real;90-virtual;120", DeviceInfo{2, "NVIDIA RTX A6000", 8, 6}, error(209, "", "")),
              "built for sm_75, sm_120 (PTX compute_90, compute_120); device 2 'NVIDIA RTX A6000' (8.6) cannot run it: no "
              "kernel image; rebuild with CMAKE_CUDA_ARCHITECTURES=75-real;86-real;90-virtual;120 (or "
              "TORCH_CUDA_ARCH_LIST=\"7.5 8.6 9.0+PTX 12.0+PTX\").");
    // PTX for the device's own capability (209 with CUDA_DISABLE_PTX_JIT=1) gains its SASS.
    EXPECT_EQ(message("90-virtual", DeviceInfo{0, "NVIDIA H100", 9, 0}, error(209, "", "")),
              "built for PTX compute_90; device 0 'NVIDIA H100' (9.0) cannot run it: no kernel image; rebuild with "
              "CMAKE_CUDA_ARCHITECTURES=90 (or TORCH_CUDA_ARCH_LIST=\"9.0+PTX\").");
}

TEST(RuntimeMessage, SymbolNotFoundInRdcUnit) {
    // An -rdc program with no image for the device fails with 500, not 209
    // (shared/reference/verified-2026-11-30.md, "Separable compilation").
    Probe probe = error(500, "cudaErrorSymbolNotFound", "named symbol not found");
    probe.rdc = true;
    const auto check = assess(parse_built_for("80-real;100"), kH200, probe);
    EXPECT_EQ(check.verdict, DeviceVerdict::cannot_run);
    EXPECT_EQ(check.message,
              "built for sm_80, sm_100 (PTX compute_100); device 0 'NVIDIA H200' (9.0) cannot run it: no kernel image "
              "(cudaErrorSymbolNotFound (500): named symbol not found, as -rdc programs report it); rebuild with "
              "CMAKE_CUDA_ARCHITECTURES=80-real;90-real;100 (or TORCH_CUDA_ARCH_LIST=\"8.0 9.0 10.0+PTX\"), for the compile "
              "and the device link.");
    // Outside -rdc code, 500 is some other failure, reported as it is.
    probe.rdc = false;
    EXPECT_EQ(message("80-real;100", kH200, probe),
              "built for sm_80, sm_100 (PTX compute_100); device 0 'NVIDIA H200' (9.0) cannot run it: "
              "cudaErrorSymbolNotFound (500): named symbol not found.");
}

TEST(RuntimeMessage, OtherErrors) {
    EXPECT_EQ(message("90", kH200, error(222, "cudaErrorUnsupportedPtxVersion", "the provided PTX was compiled with an unsupported toolchain.")),
              "built for sm_90 (PTX compute_90); device 0 'NVIDIA H200' (9.0) cannot run it: cudaErrorUnsupportedPtxVersion "
              "(222): the provided PTX was compiled with an unsupported toolchain.; the PTX is newer than the driver: update "
              "the driver, or rebuild with 90-real.");
    const auto check = assess(parse_built_for("90"), DeviceInfo{3, "", 0, 0},
                              error(101, "cudaErrorInvalidDevice", "invalid device ordinal"));
    EXPECT_EQ(check.verdict, DeviceVerdict::cannot_run);
    EXPECT_EQ(check.message,
              "built for sm_90 (PTX compute_90); device 3 cannot be used: cudaErrorInvalidDevice (101): invalid device ordinal.");
}

TEST(RuntimeMessage, UnknownList) {
    EXPECT_EQ(message(nullptr, kH200, attributes(90, 80)),
              "built for unknown architectures (CUDAARCH_BUILT_FOR is not defined); device 0 'NVIDIA H200' (9.0) runs it "
              "through PTX JIT: first launch is slower, rebuild with 90 for native code.");
    EXPECT_EQ(message(nullptr, kH200, attributes(90, 90)),
              "built for unknown architectures (CUDAARCH_BUILT_FOR is not defined); device 0 'NVIDIA H200' (9.0) runs it "
              "natively (sm_90).");
    EXPECT_EQ(message("native", kH200, error(209, "", "")),
              "built for 'native' (not a CUDA_ARCHITECTURES list); device 0 'NVIDIA H200' (9.0) cannot run it: no kernel "
              "image; rebuild with 90-real added to CMAKE_CUDA_ARCHITECTURES (or 9.0 to TORCH_CUDA_ARCH_LIST).");
}

}  // namespace
