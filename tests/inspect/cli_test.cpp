// SPDX-License-Identifier: Apache-2.0
// Tests of `cudaarch inspect` output formats and exit codes on hand-made files.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "byte_builder.hpp"
#include "cli/commands.hpp"

namespace {

using namespace cudaarch::testing;
namespace fs = std::filesystem;

struct Outcome {
    int status;
    std::string out;
    std::string err;
};

Outcome inspect(std::vector<std::string> args) {
    std::vector<std::string_view> views(args.begin(), args.end());
    cudaarch::cli::Output out;
    cudaarch::cli::Output err;
    const int status = cudaarch::cli::run_command(cudaarch::cli::kInspectCommand, views, out, err);
    return {status, out.text(), err.text()};
}

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

class InspectCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("cudaarch_cli_test_" + std::to_string(getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string write(const std::string& name, const std::string& bytes) {
        const fs::path path = dir_ / name;
        std::ofstream(path, std::ios::binary) << bytes;
        return path.string();
    }

    // .nv_fatbin: sm_80, compute_80 (zstd, PTX 9.0), sm_100f; .rodata: a library-private sm_75.
    std::string object() {
        Entry ptx{1, 80, 0x8011, 9, 0, std::string(8, 'p'), 5, 40};
        return elf_bytes({62, 0, 0,
                          {{".nv_fatbin", fatbin_bytes({Entry{}, ptx, Entry{2, 100, 0x200011}})},
                           {".rodata", fatbin_bytes({Entry{2, 75}})}}});
    }

    fs::path dir_;
};

TEST_F(InspectCli, TableListsEveryImageAndASummary) {
    const std::string path = write("k.o", object());
    const Outcome run = inspect({path});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(run.out, path + " (elf): 4 images\n"
                       "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
                       "  SASS    sm_80          none            16            16  -    .nv_fatbin@0x40\n"
                       "  PTX     compute_80     zstd             5            40  9.0  .nv_fatbin@0x40\n"
                       "  SASS    sm_100f        none            16            16  -    .nv_fatbin@0x40\n"
                       "  SASS    sm_75          none            16            16  -    .rodata@0x138\n" +
                           path + ": SASS sm_75 sm_80 sm_100f; PTX compute_80\n");
}

TEST_F(InspectCli, CuobjdumpModeReadsOnlyTheFatbinSections) {
    const std::string path = write("k.o", object());
    const Outcome run = inspect({"--cuobjdump", path});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(run.out,
              "ELF file    1: k.1.sm_80.cubin\n"
              "PTX file    1: k.1.sm_80.ptx\n"
              "ELF file    2: k.2.sm_100.cubin\n");
}

TEST_F(InspectCli, CuobjdumpModeListsArchiveMembersAndCountsAcrossThem) {
    const std::string path = write("libk.a", ar_bytes({{"host.o", elf_bytes({})}, {"k.o", object()}, {"k2.o", object()}}));
    const Outcome run = inspect({"--cuobjdump", path});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(run.out, "\nmember " + path + ":host.o:\n\nmember " + path +
                           ":k.o:\n"
                           "ELF file    1: libk.1.sm_80.cubin\n"
                           "PTX file    1: libk.1.sm_80.ptx\n"
                           "ELF file    2: libk.2.sm_100.cubin\n"
                           "\nmember " +
                           path +
                           ":k2.o:\n"
                           "ELF file    3: libk.3.sm_80.cubin\n"
                           "PTX file    2: libk.2.sm_80.ptx\n"
                           "ELF file    4: libk.4.sm_100.cubin\n");
}

TEST_F(InspectCli, CuobjdumpModeMessagesAndIdentifiers) {
    Entry dbg{2, 90, 0x100013};
    dbg.identifier = "/src/kernels.cu";
    const std::string rel = write("r.o", elf_bytes({62, 0, 0, {{"__nv_relfatbin", fatbin_bytes({dbg, Entry{8, 90}})}}}));
    Outcome run = inspect({"--cuobjdump", rel});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.out, "ELF file    1: kernels.sm_90a.cubin\n");
    EXPECT_EQ(run.err, "cuobjdump warning : Can't deobfuscate entry '" + rel + "' without obfuscation key\n" +
                           "cuobjdump info    : No PTX file found to extract from '" + rel +
                           "'. You may try with -all option.\n");

    const std::string host = write("host.o", elf_bytes({}));
    run = inspect({"--cuobjdump", host});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "cuobjdump info    : File '" + host + "' does not contain device code\n");
}

TEST_F(InspectCli, JsonDocument) {
    Entry ptx{1, 120, 0x200011, 9, 0, std::string(8, 'p')};
    const std::string path = write("k.fatbin", fatbin_bytes({ptx}));
    const Outcome run = inspect({"--json", path});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(run.out,
              "{\"schema\": \"cudaarch.inspect/1\",\n"
              "  \"files\": [\n"
              "    {\"path\": \"" + path + "\", \"format\": \"fatbin\", \"error\": null, \"members\": [],\n"
              "     \"images\": [\n"
              "       {\"kind\": \"PTX\", \"name\": \"compute_120f\", \"arch\": \"120f\", \"major\": 12, \"minor\": 0, "
              "\"suffix\": \"f\", \"compression\": \"none\", \"stored_size\": 8, \"uncompressed_size\": 8, "
              "\"ptx_isa\": \"9.0\", \"debug\": false, \"identifier\": null, \"container\": \"fatbin\", "
              "\"member\": null, \"section\": null, \"relocatable\": false, \"library\": null, \"container_offset\": 0, "
              "\"entry_offset\": 16, \"entry_kind\": 1}\n"
              "     ],\n"
              "     \"sass\": [], \"ptx\": [\"compute_120f\"], \"lto_ir\": [],\n"
              "     \"linked\": false, \"executable\": {\"sass\": [], \"ptx\": [\"compute_120f\"], \"lto_ir\": []}, "
              "\"relocatable\": {\"sass\": [], \"ptx\": [], \"lto_ir\": []}, "
              "\"device_runtime\": {\"sass\": [], \"ptx\": [], \"lto_ir\": []},\n"
              "     \"modules\": [\n"
              "       {\"where\": \"fatbin@0x0\", \"images\": [\"compute_120f\"], \"kernels\": null}\n"
              "     ]}\n"
              "  ]\n"
              "}\n");
}

// A linked -rdc program: the device link's cubins, then in __nv_relfatbin one container per
// -rdc object, paired in order with the -rdc module ids of __nv_module_id.
TEST_F(InspectCli, SummaryTellsRelocatableAndDeviceRuntimeImagesApart) {
    const std::string relocatable = fatbin_bytes({Entry{2, 90}}) + fatbin_bytes({Entry{2, 80}, Entry{2, 90}, Entry{1, 121}});
    const std::string ids = std::string("def _a1_4_k_cu_b2") + '\0' + "def _c3_22_cuda_device_runtime_cu_d4_5" + '\0' +
                            "__NV_MODULE_ID" + '\0' + "_a1_4_k_cu_b2" + '\0' + std::string(3, '\0') +
                            "_c3_22_cuda_device_runtime_cu_d4_5" + '\0';
    ElfSpec exe{62, 0, 0, {{".nv_fatbin", fatbin_bytes({Entry{2, 90}})}, {"__nv_module_id", ids}, {"__nv_relfatbin", relocatable}}, 2};
    const std::string app = write("app", elf_bytes(exe));
    Outcome run = inspect({app});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.out.substr(run.out.rfind('\n', run.out.size() - 2) + 1),
              app + ": SASS sm_90; PTX - | relocatable: SASS sm_90; PTX - | libcudadevrt, relocatable: SASS sm_80 sm_90; "
                    "PTX compute_121\n");
    // Ids that do not pair up with the containers one to one mark nothing.
    exe.sections[1].data = std::string("_a1_4_k_cu_b2") + '\0';
    const std::string unpaired = write("unpaired", elf_bytes(exe));
    run = inspect({unpaired});
    EXPECT_EQ(run.out.substr(run.out.rfind('\n', run.out.size() - 2) + 1),
              unpaired + ": SASS sm_90; PTX - | relocatable: SASS sm_80 sm_90; PTX compute_121\n");
}

TEST_F(InspectCli, ImagesOfAnUnknownKindStillGetTheirGroupsSummary) {
    // Entry kind 4 is none that cudaarch knows: listed as "other", and its group is still named.
    const std::string path = write("k.fatbin", fatbin_bytes({Entry{4, 80}}));
    const Outcome run = inspect({path});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.out, path + " (fatbin): 1 image\n"
                       "  KIND    IMAGE          COMP        STORED  UNCOMPRESSED  PTX  FROM\n"
                       "  other   kind4_80       none            16            16  -    fatbin@0x0\n" +
                           path + ": SASS -; PTX -\n");
}

TEST_F(InspectCli, JsonReportsReadErrorsPerFile) {
    const std::string bad = write("bad.o", "\x7f" "ELF");
    const Outcome run = inspect({"--json", bad});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.out,
              "{\"schema\": \"cudaarch.inspect/1\",\n"
              "  \"files\": [\n"
              "    {\"path\": \"" + bad + "\", \"format\": null, \"error\": \"" + bad +
                  ": truncated ELF header at offset 0x0\", \"members\": [], \"images\": [], \"sass\": [], \"ptx\": [], "
                  "\"lto_ir\": [],\n"
                  "     \"linked\": false, \"executable\": null, \"relocatable\": null, \"device_runtime\": null, \"modules\": []}\n"
                  "  ]\n"
                  "}\n");
}

TEST_F(InspectCli, ReadErrorsNameFileAndOffsetAndDoNotStopTheOthers) {
    const std::string bad = write("bad.fatbin", fatbin_bytes({Entry{}}, 1 << 20));
    const std::string host = write("host.o", elf_bytes({}));
    const Outcome run = inspect({bad, host});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.err, "cudaarch: error: " + bad + ": fatbin container of 1048576 bytes runs past the end of its section at offset 0x0\n");
    EXPECT_EQ(run.out, host + " (elf): 0 images\n" + host + ": no device code\n");
}

TEST_F(InspectCli, NoDeviceCodeExitsOne) {
    const std::string host = write("host.o", elf_bytes({}));
    EXPECT_EQ(inspect({host}).status, 1);
    EXPECT_EQ(inspect({host, write("k.o", object())}).status, 1);
}

TEST(InspectUsage, ExitCodesAndMessages) {
    Outcome run = inspect({});
    EXPECT_EQ(run.status, 2);
    EXPECT_TRUE(starts_with(run.err, "cudaarch: error: no input file\nusage: cudaarch inspect")) << run.err;
    run = inspect({"--frobnicate", "x"});
    EXPECT_EQ(run.status, 2);
    EXPECT_TRUE(starts_with(run.err, "cudaarch: error: unknown option '--frobnicate'; see 'cudaarch inspect --help'\n")) << run.err;
    run = inspect({"--json", "--cuobjdump", "x"});
    EXPECT_EQ(run.status, 2);
    EXPECT_TRUE(starts_with(run.err, "cudaarch: error: give --json or --cuobjdump, not both\n")) << run.err;
    run = inspect({"--cuobjdump", "--modules", "x"});
    EXPECT_EQ(run.status, 2);
    EXPECT_TRUE(starts_with(run.err, "cudaarch: error: give --cuobjdump or --modules, not both\n")) << run.err;
    run = inspect({"--help"});
    EXPECT_EQ(run.status, 0);
    EXPECT_TRUE(starts_with(run.out, "usage: cudaarch inspect [--json] [--cuobjdump] [--modules] FILE...\n")) << run.out;
    run = inspect({"/nonexistent/k.o"});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.err, "cudaarch: error: /nonexistent/k.o: cannot open: No such file or directory\n");
}

}  // namespace
