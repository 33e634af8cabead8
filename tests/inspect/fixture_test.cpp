// Exact `cudaarch inspect` table output for inputs that nvcc 13.0 built at build time.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/commands.hpp"

namespace {

std::string inspect_table(const std::string& name, int expected_status = 0) {
    const std::string path = std::string(CUDAARCH_FIXTURE_DIR) + "/" + name;
    std::ostringstream out;
    std::ostringstream err;
    EXPECT_EQ(cudaarch::cli::run_inspect({path}, out, err), expected_status) << err.str();
    EXPECT_EQ(err.str(), "");
    std::string text = out.str();
    // Print paths relative to the fixture directory.
    for (std::size_t at; (at = text.find(path)) != std::string::npos;) text.replace(at, path.size(), name);
    return text;
}

TEST(InspectFixture, DefaultObject) {
    EXPECT_EQ(inspect_table("k_default.o"),
              "k_default.o (elf): 6 images\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  SASS    sm_75          none          4456          4456  -    .nv_fatbin@0x588\n"
              "  SASS    sm_90a         none          5320          5320  -    .nv_fatbin@0x588\n"
              "  PTX     compute_90     zstd           301           747  9.0  .nv_fatbin@0x588\n"
              "  SASS    sm_100f        none          7984          7984  -    .nv_fatbin@0x588\n"
              "  SASS    sm_120         none          7984          7984  -    .nv_fatbin@0x588\n"
              "  PTX     compute_120    zstd           308           773  9.0  .nv_fatbin@0x588\n"
              "k_default.o: SASS sm_75 sm_90a sm_100f sm_120; PTX compute_90 compute_120\n");
}

TEST(InspectFixture, CompressModeSpeedWithCompressAll) {
    EXPECT_EQ(inspect_table("k_cm_speed_all.o"),
              "k_cm_speed_all.o (elf): 4 images\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  SASS    sm_80          lz4           1410          4712  -    .nv_fatbin@0x588\n"
              "  PTX     compute_80     lz4            389           747  9.0  .nv_fatbin@0x588\n"
              "  SASS    sm_100f        lz4           2092          7984  -    .nv_fatbin@0x588\n"
              "  PTX     compute_100f   lz4            402           774  9.0  .nv_fatbin@0x588\n"
              "k_cm_speed_all.o: SASS sm_80 sm_100f; PTX compute_80 compute_100f\n");
}

TEST(InspectFixture, MixedArchive) {
    EXPECT_EQ(inspect_table("libmixed.a"),
              "libmixed.a (archive): 9 images\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  SASS    sm_75          none          4456          4456  -    k_default.o:.nv_fatbin@0xcb6\n"
              "  SASS    sm_90a         none          5320          5320  -    k_default.o:.nv_fatbin@0xcb6\n"
              "  PTX     compute_90     zstd           301           747  9.0  k_default.o:.nv_fatbin@0xcb6\n"
              "  SASS    sm_100f        none          7984          7984  -    k_default.o:.nv_fatbin@0xcb6\n"
              "  SASS    sm_120         none          7984          7984  -    k_default.o:.nv_fatbin@0xcb6\n"
              "  PTX     compute_120    zstd           308           773  9.0  k_default.o:.nv_fatbin@0xcb6\n"
              "  SASS    sm_80          zstd           986          3520  -    caller_rdc.o:__nv_relfatbin@0x93b2\n"
              "  PTX     compute_80     zstd           313           583  9.0  caller_rdc.o:__nv_relfatbin@0x93b2\n"
              "  SASS    sm_90a         zstd          1052          3992  -    caller_rdc.o:__nv_relfatbin@0x93b2\n"
              "libmixed.a: SASS sm_75 sm_90a sm_100f sm_120; PTX compute_90 compute_120 | relocatable: SASS sm_80 sm_90a; "
              "PTX compute_80\n");
}

TEST(InspectFixture, LibraryWithoutSectionHeaders) {
    EXPECT_EQ(inspect_table("libk_nosections.so"),
              "libk_nosections.so (elf): 10 images\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  SASS    sm_75          none          1464          1464  -    PT_LOAD[2]@0x8e990\n"
              "  SASS    sm_90a         none          1544          1544  -    PT_LOAD[2]@0x8e990\n"
              "  SASS    sm_100f        none          1640          1640  -    PT_LOAD[2]@0x8e990\n"
              "  SASS    sm_120         none          1640          1640  -    PT_LOAD[2]@0x8e990\n"
              "  SASS    sm_75          none          4456          4456  -    PT_LOAD[2]@0x90370\n"
              "  SASS    sm_90a         none          5320          5320  -    PT_LOAD[2]@0x90370\n"
              "  PTX     compute_90     zstd           301           747  9.0  PT_LOAD[2]@0x90370\n"
              "  SASS    sm_100f        none          7984          7984  -    PT_LOAD[2]@0x90370\n"
              "  SASS    sm_120         none          7984          7984  -    PT_LOAD[2]@0x90370\n"
              "  PTX     compute_120    zstd           308           773  9.0  PT_LOAD[2]@0x90370\n"
              "libk_nosections.so: SASS sm_75 sm_90a sm_100f sm_120; PTX compute_90 compute_120\n");
}

TEST(InspectFixture, StandaloneFiles) {
    EXPECT_EQ(inspect_table("k_sm90a.cubin"),
              "k_sm90a.cubin (cubin): 1 image\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  SASS    sm_90a         none          5320          5320  -    cubin\n"
              "k_sm90a.cubin: SASS sm_90a; PTX -\n");
    EXPECT_EQ(inspect_table("k.ptx"),
              "k.ptx (ptx): 1 image\n"
              "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
              "  PTX     compute_90a    none           985           985  9.0  ptx\n"
              "k.ptx: SASS -; PTX compute_90a\n");
}

// A program with dynamic parallelism (tests/check/rdc/devrt.cu): its own relocatable sm_90 and
// libcudadevrt's relocatable images, told apart in the table and the summary, stripped or not.
// libcudadevrt's architectures are the toolkit's, so only their start is pinned.
TEST(InspectFixture, DeviceRuntimeImagesAreNotTheProgramS) {
    for (const std::string name : {"rdc_devrt", "rdc_devrt_stripped"}) {
        const std::string path = std::string(CUDAARCH_RDC_DIR) + "/" + name;
        std::ostringstream out;
        std::ostringstream err;
        ASSERT_EQ(cudaarch::cli::run_inspect({path}, out, err), 0) << err.str();
        std::istringstream lines(out.str());
        int program_relocatable = 0;
        int device_runtime = 0;
        std::string summary;
        for (std::string line; std::getline(lines, line);) {
            if (line.find("(libcudadevrt)") != std::string::npos) ++device_runtime;
            else if (line.find("__nv_relfatbin@") != std::string::npos) ++program_relocatable;
            summary = line;
        }
        EXPECT_EQ(program_relocatable, 1) << out.str();
        EXPECT_GE(device_runtime, 2) << out.str();
        const std::string start = path + ": SASS sm_90; PTX - | relocatable: SASS sm_90; PTX - | libcudadevrt, relocatable: SASS sm_75 ";
        EXPECT_EQ(summary.substr(0, start.size()), start) << out.str();
    }
}

}  // namespace
