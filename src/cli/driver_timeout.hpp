// SPDX-License-Identifier: Apache-2.0
// How long the commands that ask the driver wait for its answer: --timeout on the commands a
// person types (detect, doctor, check, resolve), CUDAARCH_DRIVER_TIMEOUT for every command,
// which also reaches the CTest side (ctest passes it to the gpu-test launchers of its tests,
// and ctest's own --timeout is ctest's), else kDriverTimeout.
#pragma once

#include <chrono>
#include <string_view>

#include "cli/options.hpp"
#include "cudaarch/driver.hpp"
#include "cudaarch/driver_helper.hpp"

namespace cudaarch::cli {

inline constexpr Option kTimeoutOption{
    "--timeout", "SECONDS",
    "how long the NVIDIA driver may take to answer, 1 to 3600\n(default: CUDAARCH_DRIVER_TIMEOUT, else 60)"};

struct DriverTimeout {
    std::chrono::seconds limit = kDriverTimeout;
    std::string_view raise_with = kTimeoutOption.name;  // how the user raises it: "--timeout" or the variable
};

// --timeout when the command has it and it is given, else CUDAARCH_DRIVER_TIMEOUT when set,
// else kDriverTimeout; a whole number of seconds from 1 to 3600, or an error naming the value.
Result<DriverTimeout> driver_timeout(const CommandSyntax& syntax, const CommandLine& line);

// The driver's answer (query_driver_in_helper) within the limit; a timed-out one says how to
// raise it.
[[nodiscard]] DriverQuery ask_driver(const DriverTimeout& timeout);

}  // namespace cudaarch::cli
