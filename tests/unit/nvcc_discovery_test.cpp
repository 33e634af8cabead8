// SPDX-License-Identifier: Apache-2.0
// Runs tests/vectors/nvcc_discovery.tsv against default_nvcc(): the data file's nvcc| rows;
// and checks that the runtime search reads the data file's library-dir| rows.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>

#include "cudaarch/runtime_libraries.hpp"
#include "cudaarch/toolkit.hpp"
#include "vector_file.hpp"

namespace {

namespace fs = std::filesystem;

// <root>/<name>/bin/nvcc, an executable, unless <name> starts with "missing".
void make_nvcc(const fs::path& root, const std::string& name) {
    if (name.rfind("missing", 0) == 0) return;
    fs::create_directories(root / name / "bin");
    std::ofstream(root / name / "bin" / "nvcc") << "#!/bin/sh\n";
    fs::permissions(root / name / "bin" / "nvcc", fs::perms::owner_all);
}

void set_or_unset(const char* variable, const std::string& value) {
    if (value.empty()) unsetenv(variable);
    else setenv(variable, value.c_str(), 1);
}

TEST(NvccDiscoveryVectors, AllPass) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/nvcc_discovery.tsv", 5);
    ASSERT_GE(rows.size(), 5u);
    const fs::path root = fs::temp_directory_path() / ("cudaarch_nvcc_discovery_" + std::to_string(getpid()));
    const char* saved_path = std::getenv("PATH");
    const std::string path = saved_path ? saved_path : "";
    for (const auto& row : rows) {
        const auto& c = row.columns;
        std::string values[4];
        for (int i = 0; i < 4; ++i) {
            if (c[i] == "-") continue;
            make_nvcc(root, c[i]);
            values[i] = (root / c[i]).string();
        }
        set_or_unset("CUDAToolkit_ROOT", values[0]);
        set_or_unset("CUDACXX", values[1].empty() ? "" : values[1] + "/bin/nvcc");
        set_or_unset("CUDA_PATH", values[2]);
        setenv("PATH", values[3].empty() ? "/nonexistent" : (values[3] + "/bin").c_str(), 1);
        // None found: "nvcc", whose run then fails and says so.
        const std::string expected = c[4] == "-" ? "nvcc" : (root / c[4] / "bin" / "nvcc").string();
        EXPECT_EQ(cudaarch::default_nvcc(), expected) << "line " << row.line;
    }
    setenv("PATH", path.c_str(), 1);
    for (const char* variable : {"CUDAToolkit_ROOT", "CUDACXX", "CUDA_PATH"}) unsetenv(variable);
    fs::remove_all(root);
}

TEST(LibraryDirs, FromTheDataFile) {
    std::ifstream data(CUDAARCH_VECTORS_DIR "/../../cmake/data/cuda-architectures.txt");
    std::vector<std::string> expected;
    for (std::string line; std::getline(data, line);) {
        if (line.rfind("library-dir|", 0) == 0) expected.push_back(line.substr(12));
    }
    ASSERT_FALSE(expected.empty());
    unsetenv("CUDAARCH_LIBRARY_DIRS");
    EXPECT_EQ(cudaarch::default_runtime_search().standard_dirs, expected);
}

}  // namespace
