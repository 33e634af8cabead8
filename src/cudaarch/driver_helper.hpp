// SPDX-License-Identifier: Apache-2.0
// The driver asked in a child process: cudaarch-driver-query runs query_driver() and prints
// its answer (driver_query_text.hpp). The cudaarch CLI is a static executable, where dlopen
// is unsafe, and this also keeps a driver that crashes in cuInit from taking the CLI down.
#pragma once

#include <chrono>
#include <string>

#include "cudaarch/driver.hpp"

namespace cudaarch {

inline constexpr const char* kDriverHelperName = "cudaarch-driver-query";

// How long the driver may take to answer unless the user says otherwise: cudaarch_detect's
// TIMEOUT default. cuInit alone can take tens of seconds on a host of 8 GPUs without
// persistence mode; a GPU in a bad state hangs it for good.
inline constexpr std::chrono::seconds kDriverTimeout{60};

// The helper of the running executable: beside it (a build tree), else where the install
// puts it, <prefix>/<libexecdir>/cudaarch/ (CMAKE_INSTALL_LIBEXECDIR), found from the
// executable's real path.
[[nodiscard]] std::string driver_helper_path();

// Runs `helper` and reads its answer. Never throws: a helper that cannot run or gives no
// readable answer is DriverStatus::no_helper, one killed by a signal DriverStatus::crashed,
// one still running after `limit` is killed: DriverStatus::timed_out.
[[nodiscard]] DriverQuery query_driver_in_helper(std::chrono::seconds limit,
                                                 const std::string& helper = driver_helper_path());

}  // namespace cudaarch
