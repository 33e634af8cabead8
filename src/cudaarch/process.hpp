// SPDX-License-Identifier: Apache-2.0
// Running a program and capturing its output, without a shell.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "cudaarch/result.hpp"

namespace cudaarch {

struct ProcessOutput {
    int exit_code = -1;  // -1 when it did not exit normally
    int signal = 0;      // the signal that ended it, 0 when it exited
    bool timed_out = false;  // not done at the time limit (still running, or its pipes open): killed
    std::string out;     // stdout
    std::string err;     // stderr
};

// Fails only when the program cannot be started. With a limit, a program still running when
// it has passed is killed with SIGKILL and reaped: timed_out, and what it wrote until then.
// Only the program is killed, not programs it started.
Result<ProcessOutput> run_process(const std::vector<std::string>& argv,
                                                std::optional<std::chrono::milliseconds> limit = std::nullopt);

// Runs a program on this process's stdin, stdout and stderr and waits for it: its exit
// code, or 128 + the signal that ended it. Fails only when the program cannot be started.
Result<int> run_attached(const std::vector<std::string>& argv);

// The first executable named `name` in PATH, or empty.
[[nodiscard]] std::string find_in_path(const std::string& name);

}  // namespace cudaarch
