// SPDX-License-Identifier: Apache-2.0
// Running a program and capturing its output, without a shell.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cudaarch/result.hpp"

namespace cudaarch {

struct ProcessOutput {
    int exit_code = -1;  // -1 when it did not exit normally
    int signal = 0;      // the signal that ended it, 0 when it exited
    bool timed_out = false;  // not done at the time limit (still running, or its pipes open): killed
    bool too_large = false;  // wrote more than the output limit to a pipe: killed, its output cut there
    std::string out;     // stdout
    std::string err;     // stderr
};

// The most bytes kept of each of a program's pipes when the caller names no other limit.
inline constexpr std::uint64_t kProcessOutputLimit = std::uint64_t{64} << 20;

// Fails only when the program cannot be started. The program runs in a process group of its
// own with standard input from /dev/null (so it cannot wait on the user's terminal); when it has
// ended, or with a time limit when that has passed, or when it writes more than `output_limit`
// bytes to either pipe, the whole group is killed with SIGKILL, the pipes are no longer read and
// the program is reaped: nothing it started is left, even a background child that kept the
// pipes open (unless that child left the group with setsid or setpgid).
Result<ProcessOutput> run_process(const std::vector<std::string>& argv,
                                  std::optional<std::chrono::milliseconds> limit = std::nullopt,
                                  std::uint64_t output_limit = kProcessOutputLimit);

// "killed by SIGKILL", "killed by signal 77": how a program that a signal ended is named.
[[nodiscard]] std::string killed_by(int signal);

// Runs a program on this process's stdin, stdout and stderr and waits for it: its exit
// code, or 128 + the signal that ended it. Fails only when the program cannot be started.
Result<int> run_attached(const std::vector<std::string>& argv);

// The first executable named `name` in PATH, or empty.
[[nodiscard]] std::string find_in_path(const std::string& name);

}  // namespace cudaarch
