// SPDX-License-Identifier: Apache-2.0
// What every user of driver.hpp shares: names, versions, capabilities. No dlopen here.
#include "cudaarch/driver.hpp"

#include <algorithm>
#include <cstdlib>

namespace cudaarch {

std::string_view status_name(DriverStatus status) {
    switch (status) {
        case DriverStatus::ok: return "ok";
        case DriverStatus::no_driver: return "no-driver";
        case DriverStatus::init_failed: return "init-failed";
        case DriverStatus::no_device: return "no-device";
        case DriverStatus::all_hidden: return "all-hidden";
        case DriverStatus::query_failed: return "query-failed";
        case DriverStatus::crashed: return "crashed";
        case DriverStatus::timed_out: return "timed-out";
        case DriverStatus::no_helper: return "no-helper";
    }
    return "query-failed";
}

std::string driver_error_name(int error) {
    struct Name {
        int code;
        const char* name;
    };
    static constexpr Name kNames[] = {
        {0, "CUDA_SUCCESS"},
        {1, "CUDA_ERROR_INVALID_VALUE"},
        {2, "CUDA_ERROR_OUT_OF_MEMORY"},
        {3, "CUDA_ERROR_NOT_INITIALIZED"},
        {4, "CUDA_ERROR_DEINITIALIZED"},
        {34, "CUDA_ERROR_STUB_LIBRARY"},
        {46, "CUDA_ERROR_DEVICE_UNAVAILABLE"},
        {100, "CUDA_ERROR_NO_DEVICE"},
        {101, "CUDA_ERROR_INVALID_DEVICE"},
        {102, "CUDA_ERROR_DEVICE_NOT_LICENSED"},
        {303, "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"},
        {304, "CUDA_ERROR_OPERATING_SYSTEM"},
        {800, "CUDA_ERROR_NOT_PERMITTED"},
        {801, "CUDA_ERROR_NOT_SUPPORTED"},
        {802, "CUDA_ERROR_SYSTEM_NOT_READY"},
        {803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"},
        {804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"},
        {999, "CUDA_ERROR_UNKNOWN"},
    };
    for (const Name& entry : kNames) {
        if (entry.code == error) return entry.name;
    }
    return "CUDA error " + std::to_string(error);
}

std::string cuda_version_text(int version) {
    return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

std::vector<int> DriverQuery::capabilities() const {
    std::vector<int> out;
    for (const Device& device : devices) out.push_back(device.capability());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string driver_library(const DriverOptions& options) {
    if (!options.library.empty()) return options.library;
    if (const char* library = std::getenv("CUDAARCH_LIBCUDA"); library && *library) return library;
#ifdef _WIN32
    return "nvcuda.dll";
#else
    return "libcuda.so.1";
#endif
}

}  // namespace cudaarch
