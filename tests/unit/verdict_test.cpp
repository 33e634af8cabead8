// SPDX-License-Identifier: Apache-2.0
// The verdict engine (cudaarch/verdict.hpp): a file's modules on a GPU under a driver and an
// environment, a runtime under a driver; the kind, the image, the CUDA error and the fix.
#include <gtest/gtest.h>

#include "cudaarch/verdict.hpp"
#include "cudaarch/verdict_package.hpp"

namespace {

using namespace cudaarch;

// One image of a linked program's fat binary at `container`, with a kernel, so that its module
// can fail.
binary::Image image(binary::ImageKind kind, Arch arch, std::uint64_t container = 0x100) {
    binary::Image i;
    i.kind = kind;
    i.entry_kind = kind == binary::ImageKind::ptx ? 1 : 2;
    i.arch = arch;
    i.section = ".nv_fatbin";
    i.container_offset = container;
    i.kernels = {"_Z1kPi"};
    i.kernels_read = true;
    return i;
}

binary::Image sass(int major, int minor, Suffix suffix = Suffix::none, binary::Release toolkit = {}) {
    binary::Image i = image(binary::ImageKind::sass, Arch{major, minor, suffix});
    i.toolkit = toolkit;
    return i;
}

binary::Image ptx(int major, int minor, binary::PtxIsa isa) {
    binary::Image i = image(binary::ImageKind::ptx, Arch{major, minor, Suffix::none});
    i.ptx_isa = isa;
    return i;
}

binary::Listing program(std::vector<binary::Image> images) {
    binary::Listing listing;
    listing.format = binary::FileFormat::elf;
    listing.linked = true;
    listing.images = std::move(images);
    return listing;
}

VerdictInputs on(Arch gpu, const char* driver = nullptr, JitEnvironment environment = {}) {
    VerdictInputs inputs;
    inputs.gpus = {gpu};
    if (driver) inputs.driver = parse_driver_version(driver).value();
    inputs.environment = environment;
    return inputs;
}

// The file's one verdict on the one GPU of `inputs`.
GpuVerdict verdict(std::vector<binary::Image> images, const VerdictInputs& inputs) {
    const FileJudgement j = judge_file(program(std::move(images)), inputs);
    EXPECT_EQ(j.verdicts.size(), 1u);
    return j.verdicts.empty() ? GpuVerdict{} : j.verdicts.front().worst;
}

const Arch kHopper{9, 0, Suffix::none};

TEST(VerdictEngine, NativeSassRunsWithNoErrorAndNoFix) {
    const GpuVerdict v = verdict({sass(8, 0), sass(9, 0)}, on(kHopper, "575.51.03"));
    EXPECT_EQ(v.kind(), VerdictKind::native);
    EXPECT_EQ(v.image(), "sm_90");
    EXPECT_EQ(v.error, 0);
    EXPECT_TRUE(v.runs());
    EXPECT_EQ(v.reason, "");
    EXPECT_EQ(v.fix, "");
}

TEST(VerdictEngine, PtxJitRunsAndItsFixAddsSassForTheGpu) {
    const GpuVerdict v = verdict({sass(8, 0), ptx(8, 0, {8, 0})}, on(kHopper, "575.51.03"));
    EXPECT_EQ(v.kind(), VerdictKind::ptx_jit);
    EXPECT_EQ(v.image(), "compute_80");
    EXPECT_EQ(v.error, 0);
    EXPECT_EQ(v.ptx_isa.str(), "8.0");
    EXPECT_EQ(v.jit, JitSupport::yes);
    ASSERT_NE(v.needs, nullptr);
    EXPECT_EQ(v.needs->release.str(), "12.0");
    EXPECT_EQ(v.lists.cmake, "80;90-real");
    EXPECT_EQ(v.lists.torch, "8.0+PTX 9.0");
    EXPECT_EQ(v.fix, "add 9.0: CMAKE_CUDA_ARCHITECTURES=80;90-real or TORCH_CUDA_ARCH_LIST=\"8.0+PTX 9.0\"");
}

TEST(VerdictEngine, PtxNewerThanTheDriverFailsWith222AndTheDriverIsTheFix) {
    const GpuVerdict v = verdict({ptx(9, 0, {8, 8})}, on(kHopper, "570.26"));
    EXPECT_EQ(v.kind(), VerdictKind::ptx_too_new);
    EXPECT_EQ(v.error, error_unsupported_ptx);
    EXPECT_EQ(v.error, 222);
    EXPECT_EQ(v.image(), "compute_90");
    EXPECT_EQ(v.jit, JitSupport::no);
    EXPECT_EQ(v.reason, "PTX ISA 8.8 needs driver 575.51.03 or newer (r575, CUDA 12.9); driver 570.26 JIT-compiles up to PTX ISA 8.7");
    EXPECT_EQ(v.fix, "update the driver to 575.51.03 or newer, or rebuild with CUDA 12.8 or older");
    EXPECT_EQ(v.lists.cmake, "");
}

TEST(VerdictEngine, NoImageFailsWith209AndTheFixAddsTheGpu) {
    const GpuVerdict v = verdict({sass(8, 0)}, on(kHopper));
    EXPECT_EQ(v.kind(), VerdictKind::no_image);
    EXPECT_EQ(v.error, 209);
    EXPECT_EQ(v.image(), "");
    EXPECT_FALSE(v.runs());
    EXPECT_EQ(v.lists.cmake, "80-real;90-real");
    EXPECT_EQ(image_names(v.lists.wanted), "sm_80 sm_90");
    EXPECT_EQ(v.fix, "add 9.0: CMAKE_CUDA_ARCHITECTURES=80-real;90-real or TORCH_CUDA_ARCH_LIST=\"8.0 9.0\"");
}

TEST(VerdictEngine, DisabledJitFailsWith223AndUnsettingItComesFirst) {
    JitEnvironment environment;
    environment.disable_ptx_jit = true;
    const GpuVerdict v = verdict({ptx(8, 0, {8, 0})}, on(kHopper, nullptr, environment));
    EXPECT_EQ(v.kind(), VerdictKind::jit_disabled);
    EXPECT_EQ(v.error, 223);
    EXPECT_EQ(v.fix.rfind("unset CUDA_DISABLE_PTX_JIT, or add 9.0: ", 0), 0u) << v.fix;
}

TEST(VerdictEngine, CubinsOfACudaMajorTheDriverDoesNotSupportFailWith35) {
    const GpuVerdict v = verdict({sass(9, 0, Suffix::none, {13, 0})}, on(kHopper, "575.51.03"));
    EXPECT_EQ(v.kind(), VerdictKind::driver_too_old);
    EXPECT_EQ(v.error, 35);
    EXPECT_EQ(v.reason, "its cubins were built by CUDA 13.0, which needs driver 580.65.06 or newer (r580, CUDA 13.0); "
                        "driver 575.51.03 supports CUDA 12.9 and older: the program stops with cudaErrorInsufficientDriver");
    EXPECT_EQ(v.fix, "update the driver to 580.65.06 or newer, or rebuild with CUDA 12.x");
}

TEST(VerdictEngine, AnArchSpecificImageRunsOnlyOnItsOwnCapability) {
    // sm_90a beside portable sm_80 in one container: native on 9.0 by the 'a' image; 8.6 runs sm_80.
    const std::vector<binary::Image> images{sass(8, 0), sass(9, 0, Suffix::a)};
    EXPECT_EQ(verdict(images, on(kHopper)).image(), "sm_90a");
    const GpuVerdict ampere = verdict(images, on(Arch{8, 6, Suffix::none}));
    EXPECT_EQ(ampere.kind(), VerdictKind::native);
    EXPECT_EQ(ampere.image(), "sm_80");
}

TEST(VerdictEngine, AFamilyImageRunsAcrossItsFamilyOnly) {
    const std::vector<binary::Image> images{sass(8, 0), sass(10, 0, Suffix::f)};
    const GpuVerdict b300 = verdict(images, on(Arch{10, 3, Suffix::none}));
    EXPECT_EQ(b300.kind(), VerdictKind::native);
    EXPECT_EQ(b300.image(), "sm_100f");
    const GpuVerdict rtx5090 = verdict(images, on(Arch{12, 0, Suffix::none}));
    EXPECT_EQ(rtx5090.kind(), VerdictKind::no_image);
    EXPECT_EQ(rtx5090.error, 209);
    EXPECT_EQ(rtx5090.lists.cmake, "80-real;100f-real;120-real");
}

TEST(VerdictEngine, ARuntimeOfACudaMajorTheDriverDoesNotSupportFailsWith35) {
    const RuntimeVerdict v = runtime_verdict({13, 0}, parse_driver_version("575.51.03").value(), false);
    EXPECT_EQ(v.runs, JitSupport::no);
    EXPECT_EQ(v.error(), 35);
    ASSERT_NE(v.needs, nullptr);
    EXPECT_EQ(v.needs->release.str(), "13.0");
    EXPECT_EQ(v.fix.rfind("update the driver to 580.65.06 or newer; or rebuild the program with CUDA 12.x; ", 0), 0u) << v.fix;
    const RuntimeVerdict unknown = runtime_verdict({13, 0}, std::nullopt, false);
    EXPECT_EQ(unknown.runs, JitSupport::unknown);
    EXPECT_EQ(unknown.error(), 0);
}

TEST(VerdictEngine, ABuildRunsOnAGpuBySassOrPtx) {
    const Arch blackwell{10, 0, Suffix::none};
    EXPECT_FALSE(build_runs(parse("80-real").value(), kHopper));
    EXPECT_TRUE(build_runs(parse("80").value(), kHopper));  // its PTX
    EXPECT_TRUE(build_runs(parse("90a-real").value(), kHopper));
    EXPECT_FALSE(build_runs(parse("90a-real").value(), blackwell));
}

TEST(VerdictEngine, PtxUnderADriverAndAToolkitNewerThanIt) {
    const JitVerdict too_new = ptx_jit_verdict({8, 8}, parse_driver_version("570.26").value());
    EXPECT_EQ(too_new.jit, JitSupport::no);
    ASSERT_NE(too_new.needs, nullptr);
    EXPECT_EQ(too_new.needs->release.str(), "12.9");
    EXPECT_EQ(ptx_jit_verdict({8, 7}, parse_driver_version("570.26").value()).jit, JitSupport::yes);
    EXPECT_EQ(ptx_jit_verdict({8, 8}, std::nullopt).jit, JitSupport::unknown);
    EXPECT_TRUE(toolkit_ptx_too_new({12, 9}, {12, 8}));
    EXPECT_FALSE(toolkit_ptx_too_new({12, 8}, {12, 8}));
}

TEST(VerdictEngine, APackageTheDataFileKnowsNoBuildsOfIsNamedSo) {
    FileJudgement j = judge_file(program({sass(8, 0)}), on(kHopper));
    add_package_fixes(j, PackageName{"example-kernels", "example-kernels"}, on(kHopper));
    EXPECT_EQ(j.verdicts.front().worst.fix,
              "reinstall example-kernels from a build with code for 9.0 (cudaarch knows no CUDA builds of example-kernels; "
              "its publisher says which cover 9.0)");
    EXPECT_EQ(j.verdicts.front().worst.lists.cmake, "");
}

}  // namespace
