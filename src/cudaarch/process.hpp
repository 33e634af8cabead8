// SPDX-License-Identifier: Apache-2.0
// Running a program and capturing its output, without a shell.
#pragma once

#include <string>
#include <vector>

#include "cudaarch/result.hpp"

namespace cudaarch {

struct ProcessOutput {
    int exit_code = -1;  // -1 when it did not exit normally
    int signal = 0;      // the signal that ended it, 0 when it exited
    std::string out;     // stdout
    std::string err;     // stderr
};

// Fails only when the program cannot be started.
[[nodiscard]] Result<ProcessOutput> run_process(const std::vector<std::string>& argv);

// Runs a program on this process's stdin, stdout and stderr and waits for it: its exit
// code, or 128 + the signal that ended it. Fails only when the program cannot be started.
[[nodiscard]] Result<int> run_attached(const std::vector<std::string>& argv);

// The first executable named `name` in PATH, or empty.
[[nodiscard]] std::string find_in_path(const std::string& name);

}  // namespace cudaarch
