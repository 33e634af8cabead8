// SPDX-License-Identifier: Apache-2.0
// Asks the installed NVIDIA driver which GPUs this process can see. The driver library
// (libcuda.so.1) is loaded at run time, so programs using this need only the driver, not
// the CUDA toolkit, and still run (and say why) where there is no driver at all.
// query_driver() loads it into this process (driver_in_process.cpp, the library
// cudaarch_driver); the cudaarch CLI asks it in a child process (driver_helper.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cudaarch {

struct Device {
    int index = 0;  // the driver's ordinal, after CUDA_VISIBLE_DEVICES
    std::string name;
    int major = 0;
    int minor = 0;
    int multiprocessors = 0;
    std::uint64_t memory_bytes = 0;
    std::string pci_bus_id;  // "0000:3b:00.0" (domain:bus:device.function, hexadecimal)

    // 90 for compute capability 9.0: the number CMake's CUDA_ARCHITECTURES uses.
    [[nodiscard]] int capability() const { return major * 10 + minor; }
};

enum class DriverStatus {
    ok,            // at least one device
    no_driver,     // the driver library cannot be loaded or is not a driver
    init_failed,   // cuInit failed (error and error_name say how)
    no_device,     // the driver works and sees no device
    all_hidden,    // no device visible and CUDA_VISIBLE_DEVICES is set
    query_failed,  // a device query after cuInit failed
    crashed,       // the driver killed the process that asked it (reason names the signal)
    timed_out,     // the driver did not answer within the time limit (a GPU in a bad state hangs cuInit)
    no_helper,     // cudaarch-driver-query could not be run or gave no answer
};

// "ok", "no-driver", "init-failed", "no-device", "all-hidden", "query-failed", "crashed",
// "timed-out", "no-helper".
[[nodiscard]] std::string_view status_name(DriverStatus status);

struct DriverQuery {
    DriverStatus status = DriverStatus::no_driver;
    std::string library;     // the library that was loaded (or tried)
    int driver_version = 0;  // cuDriverGetVersion, e.g. 13000 for CUDA 13.0; 0 if unknown
    std::string release;     // "580.159.04", from the loaded library's file name; empty if unknown
    std::vector<Device> devices;
    int error = 0;           // the failing CUresult, 0 if none
    std::string error_name;  // e.g. "CUDA_ERROR_STUB_LIBRARY", empty if none
    std::string reason;      // one line; empty when status is ok

    [[nodiscard]] bool ok() const { return status == DriverStatus::ok; }
    // Distinct capabilities as CMake numbers, ascending: {86, 90}.
    [[nodiscard]] std::vector<int> capabilities() const;
};

struct DriverOptions {
    // The library to load. Empty: the environment variable CUDAARCH_LIBCUDA if set, else
    // "libcuda.so.1" (Windows: "nvcuda.dll") from the loader's search path.
    std::string library;
};

// The library query_driver() loads: options.library, else CUDAARCH_LIBCUDA, else the default.
[[nodiscard]] std::string driver_library(const DriverOptions& options = {});

// Never throws; every failure is described in the result. Defined in cudaarch_driver.
[[nodiscard]] DriverQuery query_driver(const DriverOptions& options = {});

// The CUresult's enum name for the common codes ("CUDA_ERROR_NO_DEVICE"), else
// "CUDA error <n>".
[[nodiscard]] std::string driver_error_name(int error);

// "13.0" for 13000.
[[nodiscard]] std::string cuda_version_text(int version);

}  // namespace cudaarch
