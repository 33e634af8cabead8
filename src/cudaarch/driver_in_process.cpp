// SPDX-License-Identifier: Apache-2.0
// query_driver(): the driver asked in this process, through libcuda loaded with dlopen. Kept
// apart from the rest of driver.hpp so that only what must load the driver links this: the
// cudaarch CLI is a static executable, where dlopen is unsafe, and asks cudaarch-driver-query
// (driver_helper.hpp) instead.
#include "cudaarch/driver.hpp"

#include <climits>
#include <cstdio>
#include <cstdlib>

#ifdef _WIN32
#include <windows.h>
#else
#include <dlfcn.h>
#endif

namespace cudaarch {

namespace {

// The few driver API entry points used, with the driver's own types spelled out
// (CUresult and CUdevice are int, CUdevice_attribute is an enum of int size).
using CuInit = int (*)(unsigned int);
using CuDriverGetVersion = int (*)(int*);
using CuDeviceGetCount = int (*)(int*);
using CuDeviceGet = int (*)(int*, int);
using CuDeviceGetName = int (*)(char*, int, int);
using CuDeviceGetAttribute = int (*)(int*, int, int);
using CuDeviceTotalMem = int (*)(std::size_t*, int);

constexpr int kNoDevice = 100;
constexpr int kStubLibrary = 34;
constexpr int kAttrMultiprocessors = 16;
constexpr int kAttrPciBus = 33;
constexpr int kAttrPciDevice = 34;
constexpr int kAttrPciDomain = 50;
constexpr int kAttrMajor = 75;
constexpr int kAttrMinor = 76;

struct Library {
    void* handle = nullptr;
    std::string error;

    explicit Library(const std::string& name) {
#ifdef _WIN32
        handle = reinterpret_cast<void*>(LoadLibraryA(name.c_str()));
        if (!handle) error = name + ": cannot be loaded (error " + std::to_string(GetLastError()) + ")";
#else
        // Never closed: unloading a driver after cuInit is not safe.
        handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char* text = dlerror();
            error = text ? text : name + ": cannot be loaded";
        }
#endif
    }

    template <class F>
    F symbol(const char* name) const {
#ifdef _WIN32
        return reinterpret_cast<F>(GetProcAddress(static_cast<HMODULE>(handle), name));
#else
        return reinterpret_cast<F>(dlsym(handle, name));
#endif
    }
};

DriverQuery& fail(DriverQuery& query, DriverStatus status, int error, std::string reason) {
    query.status = status;
    query.error = error;
    query.error_name = error ? driver_error_name(error) : std::string();
    query.reason = std::move(reason);
    query.devices.clear();
    return query;
}

// No device: either none exists or CUDA_VISIBLE_DEVICES hides them all.
DriverQuery& no_device(DriverQuery& query, int error) {
    if (const char* visible = std::getenv("CUDA_VISIBLE_DEVICES")) {
        return fail(query, DriverStatus::all_hidden, error,
                    "every device is hidden by CUDA_VISIBLE_DEVICES='" + std::string(visible) + "'");
    }
    return fail(query, DriverStatus::no_device, error, "the NVIDIA driver found no CUDA device");
}

// The driver's release from the real name of the library that holds `symbol`: the loader
// finds libcuda.so.1, a link to libcuda.so.580.159.04.
std::string release_of([[maybe_unused]] void* symbol) {
#ifdef _WIN32
    return {};
#else
    Dl_info info;
    char real[PATH_MAX];
    if (!dladdr(symbol, &info) || !info.dli_fname || !realpath(info.dli_fname, real)) return {};
    const std::string name = real;
    const std::size_t at = name.rfind("libcuda.so.");
    if (at == std::string::npos) return {};
    const std::string release = name.substr(at + 11);
    const bool well_formed = release.find('.') != std::string::npos &&
                             release.find_first_not_of("0123456789.") == std::string::npos;
    return well_formed ? release : std::string();
#endif
}

std::string call_failed(const char* call, int error) {
    return std::string(call) + " failed: " + driver_error_name(error) + " (" + std::to_string(error) + ")";
}

}  // namespace

DriverQuery query_driver(const DriverOptions& options) {
    DriverQuery query;
    query.library = driver_library(options);
    const Library library(query.library);
    if (!library.handle) return fail(query, DriverStatus::no_driver, 0, "no NVIDIA driver: " + library.error);

    const auto cu_init = library.symbol<CuInit>("cuInit");
    const auto cu_driver_get_version = library.symbol<CuDriverGetVersion>("cuDriverGetVersion");
    const auto cu_device_get_count = library.symbol<CuDeviceGetCount>("cuDeviceGetCount");
    const auto cu_device_get = library.symbol<CuDeviceGet>("cuDeviceGet");
    const auto cu_device_get_name = library.symbol<CuDeviceGetName>("cuDeviceGetName");
    const auto cu_device_get_attribute = library.symbol<CuDeviceGetAttribute>("cuDeviceGetAttribute");
    const auto cu_device_total_mem = library.symbol<CuDeviceTotalMem>("cuDeviceTotalMem_v2");
    const char* missing = !cu_init                   ? "cuInit"
                          : !cu_driver_get_version   ? "cuDriverGetVersion"
                          : !cu_device_get_count     ? "cuDeviceGetCount"
                          : !cu_device_get           ? "cuDeviceGet"
                          : !cu_device_get_name      ? "cuDeviceGetName"
                          : !cu_device_get_attribute ? "cuDeviceGetAttribute"
                          : !cu_device_total_mem     ? "cuDeviceTotalMem_v2"
                                                     : nullptr;
    if (missing) {
        return fail(query, DriverStatus::no_driver, 0,
                    "no NVIDIA driver: " + query.library + " has no " + missing + "; it is not a CUDA driver");
    }

    query.release = release_of(reinterpret_cast<void*>(cu_init));
    // The version needs no cuInit; a stub library fails here too and is reported by cuInit.
    int version = 0;
    if (cu_driver_get_version(&version) == 0) query.driver_version = version;

    if (const int error = cu_init(0); error != 0) {
        if (error == kNoDevice) return no_device(query, error);
        std::string reason = call_failed("cuInit", error);
        if (error == kStubLibrary) reason += "; " + query.library + " is the CUDA toolkit's stub, not a driver";
        return fail(query, DriverStatus::init_failed, error, reason);
    }

    int count = 0;
    if (const int error = cu_device_get_count(&count); error != 0) {
        if (error == kNoDevice) return no_device(query, error);
        return fail(query, DriverStatus::query_failed, error, call_failed("cuDeviceGetCount", error));
    }
    if (count <= 0) return no_device(query, 0);

    for (int index = 0; index < count; ++index) {
        Device device;
        device.index = index;
        int handle = 0;
        const std::string which = " (device " + std::to_string(index) + ")";
        if (const int error = cu_device_get(&handle, index); error != 0)
            return fail(query, DriverStatus::query_failed, error, call_failed("cuDeviceGet", error) + which);
        char name[256] = {};
        if (const int error = cu_device_get_name(name, static_cast<int>(sizeof name - 1), handle); error != 0)
            return fail(query, DriverStatus::query_failed, error, call_failed("cuDeviceGetName", error) + which);
        device.name = name;
        int domain = 0;
        int bus = 0;
        int slot = 0;
        const struct {
            int attribute;
            int* value;
        } attributes[] = {{kAttrMajor, &device.major},
                          {kAttrMinor, &device.minor},
                          {kAttrMultiprocessors, &device.multiprocessors},
                          {kAttrPciDomain, &domain},
                          {kAttrPciBus, &bus},
                          {kAttrPciDevice, &slot}};
        for (const auto& entry : attributes) {
            if (const int error = cu_device_get_attribute(entry.value, entry.attribute, handle); error != 0) {
                return fail(query, DriverStatus::query_failed, error,
                            call_failed("cuDeviceGetAttribute", error) + which);
            }
        }
        std::size_t bytes = 0;
        if (const int error = cu_device_total_mem(&bytes, handle); error != 0)
            return fail(query, DriverStatus::query_failed, error, call_failed("cuDeviceTotalMem", error) + which);
        device.memory_bytes = bytes;
        char pci[32];
        std::snprintf(pci, sizeof pci, "%04x:%02x:%02x.0", static_cast<unsigned>(domain) & 0xffffu,
                      static_cast<unsigned>(bus) & 0xffu, static_cast<unsigned>(slot) & 0xffu);
        device.pci_bus_id = pci;
        query.devices.push_back(std::move(device));
    }
    query.status = DriverStatus::ok;
    return query;
}

}  // namespace cudaarch
