// SPDX-License-Identifier: Apache-2.0
// The runtime guard's pure parts, host-only: list parsing, verdicts and exact messages.
#include <gtest/gtest.h>

#include <cudaarch/runtime.hpp>

namespace {

using cudaarch::DeviceVerdict;
using cudaarch::runtime_detail::assess;
using cudaarch::runtime_detail::BuiltFor;
using cudaarch::runtime_detail::DeviceInfo;
using cudaarch::runtime_detail::ModuleImages;
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
              "built for sm_80, sm_86 (PTX compute_86); device 0 'NVIDIA H200' (9.0) runs it through PTX JIT from "
              "compute_86: first launch is slower, rebuild with 90 for native code.");
    EXPECT_EQ(message("80-virtual", kH200, attributes(90, 80)),
              "built for PTX compute_80; device 0 'NVIDIA H200' (9.0) runs it through PTX JIT from compute_80: first "
              "launch is slower, rebuild with 90 for native code.");
}

TEST(RuntimeMessage, NoKernelImage) {
    const auto check = assess(parse_built_for("80-real"), kH200,
                              error(209, "cudaErrorNoKernelImageForDevice", "no kernel image is available for execution on the device"));
    EXPECT_EQ(check.verdict, DeviceVerdict::cannot_run);
    EXPECT_EQ(check.error, 209);
    EXPECT_EQ(check.message,
              "built for sm_80; device 0 'NVIDIA H200' (9.0) cannot run it: no kernel image; rebuild with "
              "CMAKE_CUDA_ARCHITECTURES=80-real;90-real (or TORCH_CUDA_ARCH_LIST=\"8.0 9.0\").");
    EXPECT_EQ(message("75-real;90-virtual;120", DeviceInfo{2, "NVIDIA RTX A6000", 8, 6}, error(209, "", "")),
              "built for sm_75, sm_120 (PTX compute_90, compute_120); device 2 'NVIDIA RTX A6000' (8.6) cannot run it: no "
              "kernel image; rebuild with CMAKE_CUDA_ARCHITECTURES=75-real;86-real;90-virtual;120 (or "
              "TORCH_CUDA_ARCH_LIST=\"7.5 8.6 9.0+PTX 12.0+PTX\").");
    // An a/f list, which some CMake releases refuse in CMAKE_CUDA_ARCHITECTURES, also gets the
    // spelling every release takes.
    EXPECT_EQ(message("100f-real", DeviceInfo{0, "NVIDIA H100", 9, 0}, error(209, "", "")),
              "built for sm_100f; device 0 'NVIDIA H100' (9.0) cannot run it: no kernel image; rebuild with "
              "CMAKE_CUDA_ARCHITECTURES=90-real;100f-real (or TORCH_CUDA_ARCH_LIST=\"9.0 10.0f\"; a CMake release "
              "that refuses 100f there takes CUDAARCH_ARCHITECTURES=90-real;100f-real with "
              "cudaarch_set_architectures()).");
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
              "through PTX JIT from compute_80: first launch is slower, rebuild with 90 for native code.");
    EXPECT_EQ(message(nullptr, kH200, attributes(90, 90)),
              "built for unknown architectures (CUDAARCH_BUILT_FOR is not defined); device 0 'NVIDIA H200' (9.0) runs it "
              "natively (sm_90).");
    EXPECT_EQ(message("native", kH200, error(209, "", "")),
              "built for 'native' (not a CUDA_ARCHITECTURES list); device 0 'NVIDIA H200' (9.0) cannot run it: no kernel "
              "image; rebuild with 90-real added to CMAKE_CUDA_ARCHITECTURES (or 9.0 to TORCH_CUDA_ARCH_LIST).");
}

// What the program's file says (read_module) decides how a device that runs the code runs
// it: the verdicts of `cudaarch check`, which the runtime's attributes cannot tell apart.
ModuleImages judged(DeviceVerdict verdict, const char* image, bool rdc) {
    ModuleImages module;
    module.known = true;
    module.rdc = rdc;
    module.verdict = verdict;
    module.image = image;
    return module;
}

TEST(RuntimeMessage, FromTheProgramsFile) {
    const auto rdc_native = assess(parse_built_for("90"), kH200, attributes(90, 90), judged(DeviceVerdict::native, "sm_90", true));
    EXPECT_EQ(rdc_native.verdict, DeviceVerdict::native);
    EXPECT_EQ(rdc_native.message, "built for sm_90 (PTX compute_90); device 0 'NVIDIA H200' (9.0) runs it natively (linked sm_90).");
    // The attributes of a load-time link are those of native code (binaryVersion 90).
    const auto link_sass = assess(parse_built_for("90-real"), kH200, attributes(90, 90), judged(DeviceVerdict::link_sass, "sm_90", true));
    EXPECT_EQ(link_sass.verdict, DeviceVerdict::link_sass);
    EXPECT_EQ(link_sass.error, 0);
    EXPECT_EQ(link_sass.message,
              "built for sm_90; device 0 'NVIDIA H200' (9.0) runs it through a load-time link of relocatable sm_90: the "
              "runtime links the device code at every process start; give the device link the compile's architectures "
              "for native code.");
    const auto link_ptx = assess(parse_built_for("90-virtual"), kH200, attributes(90, 90), judged(DeviceVerdict::link_ptx, "compute_90", true));
    EXPECT_EQ(link_ptx.verdict, DeviceVerdict::link_ptx);
    EXPECT_EQ(link_ptx.message,
              "built for PTX compute_90; device 0 'NVIDIA H200' (9.0) runs it through JIT and load-time link of relocatable "
              "compute_90: the driver compiles it at the first launch, the runtime links it at every process start; rebuild "
              "with 90, for the compile and the device link, for native code.");
    EXPECT_EQ(message("80", kH200, attributes(90, 80)), assess(parse_built_for("80"), kH200, attributes(90, 80),
                                                               judged(DeviceVerdict::ptx_jit, "compute_80", false)).message);
    // A file judged unable to run, by a runtime that ran it: the runtime's answer stands.
    EXPECT_EQ(assess(parse_built_for("90"), kH200, attributes(90, 90), judged(DeviceVerdict::cannot_run, "", true)).message,
              "built for sm_90 (PTX compute_90); device 0 'NVIDIA H200' (9.0) runs it natively (sm_90).");
}

TEST(RuntimeMessage, RdcFromTheProgramsFile) {
    // 500 means no image where the file has relocatable code, whatever the unit's own flags.
    const Probe probe = error(500, "cudaErrorSymbolNotFound", "named symbol not found");
    const auto check = assess(parse_built_for("80-real"), kH200, probe, judged(DeviceVerdict::cannot_run, "", true));
    EXPECT_EQ(check.verdict, DeviceVerdict::cannot_run);
    EXPECT_EQ(check.error, 500);
    EXPECT_NE(check.message.find("no kernel image (cudaErrorSymbolNotFound (500)"), std::string::npos) << check.message;
    EXPECT_EQ(cudaarch::verdict_name(DeviceVerdict::link_ptx), std::string("link_ptx"));
    EXPECT_EQ(cudaarch::verdict_name(check.verdict), std::string("cannot_run"));
}

TEST(RuntimeModule, FindsItsOwnFile) {
    // This test program has no device code: the guard finds its file and says so.
    const ModuleImages module = cudaarch::runtime_detail::read_module(reinterpret_cast<const void*>(&judged), 9, 0);
    EXPECT_FALSE(module.known);
    EXPECT_EQ(module.path, "/proc/self/exe");
    EXPECT_EQ(module.why, "/proc/self/exe holds no SASS or PTX image");
    const ModuleImages missing = cudaarch::runtime_detail::read_file("/nonexistent/app", 9, 0);
    EXPECT_FALSE(missing.known);
    EXPECT_NE(missing.why.find("/nonexistent/app"), std::string::npos) << missing.why;
}

}  // namespace
