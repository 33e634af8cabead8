// SPDX-License-Identifier: Apache-2.0
// The toolkit of a recorded nvcc (tests/toolkits/fixtures/<name>), named "<nvcc>" in messages.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "cudaarch/toolkit.hpp"
#include "vector_file.hpp"

namespace cudaarch::testing {

inline Toolkit fixture_toolkit(const std::string& name) {
    const std::string dir = std::string(CUDAARCH_TOOLKIT_FIXTURES) + "/" + name + "/";
    NvccAnswers answers{read_text_file(dir + "version.txt"), read_text_file(dir + "list-gpu-code.txt"),
                        read_text_file(dir + "list-gpu-arch.txt"), read_text_file(dir + "help.txt")};
    auto toolkit = toolkit_from_answers("<nvcc>", answers);
    EXPECT_TRUE(toolkit.ok()) << name << ": " << (toolkit ? "" : toolkit.error().message);
    return toolkit ? *toolkit : Toolkit{};
}

}  // namespace cudaarch::testing
