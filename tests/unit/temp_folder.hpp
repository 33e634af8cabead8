// SPDX-License-Identifier: Apache-2.0
// A fresh folder per test under the system's temporary folder, removed after it, with helpers
// to write files into it: the trees the loader and Python environment tests make.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

class TempFolder : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = std::filesystem::temp_directory_path() /
                ("cudaarch-" + std::to_string(getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name() + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(root_);
        std::filesystem::create_directories(root_);
    }
    void TearDown() override { std::filesystem::remove_all(root_); }

    // Writes `bytes` to root/relative, making its folders; returns its path.
    std::string write(const std::string& relative, const std::string& bytes) {
        const std::filesystem::path path = root_ / relative;
        std::filesystem::create_directories(path.parent_path());
        std::ofstream(path, std::ios::binary) << bytes;
        return path.string();
    }
    [[nodiscard]] std::string path(const std::string& relative) const { return (root_ / relative).string(); }

    std::filesystem::path root_;
};
