// SPDX-License-Identifier: Apache-2.0
// `cudaarch inspect` table output for inputs that nvcc 13.x builds at build time.
// What the nvcc flags decide is pinned exactly: the images, their kinds, compression and
// containers. What the host toolchain and the nvcc patch level decide is not: object
// offsets (@0x588 with one g++, elsewhere with another), PT_LOAD indices, image sizes and
// the PTX ISA. Offsets and sizes are checked against cuobjdump by inspect.cuobjdump.*.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "cli/commands.hpp"

namespace {

std::string fixture_path(const std::string& name) { return std::string(CUDAARCH_FIXTURE_DIR) + "/" + name; }

// The PTX ISA this nvcc writes (".version 9.0" in the fixture k.ptx).
std::string nvcc_ptx_isa() {
    std::ifstream ptx(fixture_path("k.ptx"));
    std::string line;
    while (std::getline(ptx, line)) {
        if (line.rfind(".version ", 0) == 0) return line.substr(9);
    }
    return "?";
}

// One image row with what the toolchain decides replaced: sizes become "N" once checked
// (stored equal to uncompressed exactly when not compressed), offsets "@*", PT_LOAD[n]
// "PT_LOAD[*]", this nvcc's ISA "ISA". Column alignment is dropped with them.
std::string stable_row(const std::string& row) {
    std::istringstream fields(row);
    std::string kind, image, comp, stored, uncompressed, isa, from;
    if (!(fields >> kind >> image >> comp >> stored >> uncompressed >> isa >> from)) return row;
    if (kind != "SASS" && kind != "PTX" && kind != "LTO") return row;
    const bool sizes_ok = std::stoul(stored) > 0 &&
                          (comp == "none" ? stored == uncompressed : std::stoul(stored) < std::stoul(uncompressed));
    if (isa == nvcc_ptx_isa()) isa = "ISA";
    from = std::regex_replace(from, std::regex("@0x[0-9a-f]+"), "@*");
    from = std::regex_replace(from, std::regex("PT_LOAD\\[[0-9]+\\]"), "PT_LOAD[*]");
    return "  " + kind + " " + image + " " + comp + (sizes_ok ? " N N " : " " + stored + "?" + uncompressed + "? ") +
           isa + " " + from;
}

std::string inspect_table(const std::string& name, int expected_status = 0) {
    const std::string path = fixture_path(name);
    cudaarch::cli::Output out;
    cudaarch::cli::Output err;
    EXPECT_EQ(cudaarch::cli::run_command(cudaarch::cli::kInspectCommand, {path}, out, err), expected_status) << err.text();
    EXPECT_EQ(err.text(), "");
    std::string text = out.text();
    // Print paths relative to the fixture directory.
    for (std::size_t at; (at = text.find(path)) != std::string::npos;) text.replace(at, path.size(), name);
    std::istringstream lines(text);
    std::string stable;
    for (std::string line; std::getline(lines, line);) stable += stable_row(line) + "\n";
    return stable;
}

TEST(InspectFixture, DefaultObject) {
    EXPECT_EQ(inspect_table("k_default.o"),
              "k_default.o (elf): 6 images\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  SASS sm_75 none N N - .nv_fatbin@*\n"
              "  SASS sm_90a none N N - .nv_fatbin@*\n"
              "  PTX compute_90 zstd N N ISA .nv_fatbin@*\n"
              "  SASS sm_100f none N N - .nv_fatbin@*\n"
              "  SASS sm_120 none N N - .nv_fatbin@*\n"
              "  PTX compute_120 zstd N N ISA .nv_fatbin@*\n"
              "k_default.o: SASS sm_75 sm_90a sm_100f sm_120; PTX compute_90 compute_120\n");
}

TEST(InspectFixture, CompressModeSpeedWithCompressAll) {
    EXPECT_EQ(inspect_table("k_cm_speed_all.o"),
              "k_cm_speed_all.o (elf): 4 images\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  SASS sm_80 lz4 N N - .nv_fatbin@*\n"
              "  PTX compute_80 lz4 N N ISA .nv_fatbin@*\n"
              "  SASS sm_100f lz4 N N - .nv_fatbin@*\n"
              "  PTX compute_100f lz4 N N ISA .nv_fatbin@*\n"
              "k_cm_speed_all.o: SASS sm_80 sm_100f; PTX compute_80 compute_100f\n");
}

TEST(InspectFixture, MixedArchive) {
    EXPECT_EQ(inspect_table("libmixed.a"),
              "libmixed.a (archive): 9 images\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  SASS sm_75 none N N - k_default.o:.nv_fatbin@*\n"
              "  SASS sm_90a none N N - k_default.o:.nv_fatbin@*\n"
              "  PTX compute_90 zstd N N ISA k_default.o:.nv_fatbin@*\n"
              "  SASS sm_100f none N N - k_default.o:.nv_fatbin@*\n"
              "  SASS sm_120 none N N - k_default.o:.nv_fatbin@*\n"
              "  PTX compute_120 zstd N N ISA k_default.o:.nv_fatbin@*\n"
              "  SASS sm_80 zstd N N - caller_rdc.o:__nv_relfatbin@*\n"
              "  PTX compute_80 zstd N N ISA caller_rdc.o:__nv_relfatbin@*\n"
              "  SASS sm_90a zstd N N - caller_rdc.o:__nv_relfatbin@*\n"
              "libmixed.a: SASS sm_75 sm_90a sm_100f sm_120; PTX compute_90 compute_120 | relocatable: SASS sm_80 sm_90a; "
              "PTX compute_80\n");
}

TEST(InspectFixture, LibraryWithoutSectionHeaders) {
    EXPECT_EQ(inspect_table("libk_nosections.so"),
              "libk_nosections.so (elf): 10 images\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  SASS sm_75 none N N - PT_LOAD[*]@*\n"
              "  SASS sm_90a none N N - PT_LOAD[*]@*\n"
              "  SASS sm_100f none N N - PT_LOAD[*]@*\n"
              "  SASS sm_120 none N N - PT_LOAD[*]@*\n"
              "  SASS sm_75 none N N - PT_LOAD[*]@*\n"
              "  SASS sm_90a none N N - PT_LOAD[*]@*\n"
              "  PTX compute_90 zstd N N ISA PT_LOAD[*]@*\n"
              "  SASS sm_100f none N N - PT_LOAD[*]@*\n"
              "  SASS sm_120 none N N - PT_LOAD[*]@*\n"
              "  PTX compute_120 zstd N N ISA PT_LOAD[*]@*\n"
              "libk_nosections.so: SASS sm_75 sm_90a sm_100f sm_120; PTX compute_90 compute_120\n");
}

TEST(InspectFixture, StandaloneFiles) {
    EXPECT_EQ(inspect_table("k_sm90a.cubin"),
              "k_sm90a.cubin (cubin): 1 image\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  SASS sm_90a none N N - cubin\n"
              "k_sm90a.cubin: SASS sm_90a; PTX -\n");
    EXPECT_EQ(inspect_table("k.ptx"),
              "k.ptx (ptx): 1 image\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  PTX compute_90a none N N ISA ptx\n"
              "k.ptx: SASS -; PTX compute_90a\n");
}

// A program with dynamic parallelism (tests/cli/check/rdc/devrt.cu): its own relocatable sm_90 and
// libcudadevrt's relocatable images, told apart in the table and the summary, stripped or not.
// libcudadevrt's architectures are the toolkit's, so only their start is pinned.
TEST(InspectFixture, DeviceRuntimeImagesAreNotTheProgramS) {
    for (const std::string name : {"rdc_devrt", "rdc_devrt_stripped"}) {
        const std::string path = std::string(CUDAARCH_RDC_DIR) + "/" + name;
        cudaarch::cli::Output out;
        cudaarch::cli::Output err;
        ASSERT_EQ(cudaarch::cli::run_command(cudaarch::cli::kInspectCommand, {path}, out, err), 0) << err.text();
        std::istringstream lines(out.text());
        int program_relocatable = 0;
        int device_runtime = 0;
        std::string summary;
        for (std::string line; std::getline(lines, line);) {
            if (line.find("(libcudadevrt)") != std::string::npos) ++device_runtime;
            else if (line.find("__nv_relfatbin@") != std::string::npos) ++program_relocatable;
            summary = line;
        }
        EXPECT_EQ(program_relocatable, 1) << out.text();
        EXPECT_GE(device_runtime, 2) << out.text();
        const std::string start = path + ": SASS sm_90; PTX - | relocatable: SASS sm_90; PTX - | libcudadevrt, relocatable: SASS sm_75 ";
        EXPECT_EQ(summary.substr(0, start.size()), start) << out.text();
    }
}

}  // namespace
