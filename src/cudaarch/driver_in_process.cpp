// SPDX-License-Identifier: Apache-2.0
// query_driver(): the driver asked in this process, through libcuda loaded with dlopen. Kept
// apart from the rest of driver.hpp so that only what must load the driver links this: the
// cudaarch CLI is a static executable, where dlopen is unsafe, and asks cudaarch-driver-query
// (driver_helper.hpp) instead.
#include "cudaarch/driver.hpp"

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <type_traits>

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

// The driver's entry points CudaArch calls, and the first that is missing.
struct EntryPoints {
    CuInit init = nullptr;
    CuDriverGetVersion driver_get_version = nullptr;
    CuDeviceGetCount device_get_count = nullptr;
    CuDeviceGet device_get = nullptr;
    CuDeviceGetName device_get_name = nullptr;
    CuDeviceGetAttribute device_get_attribute = nullptr;
    CuDeviceTotalMem device_total_mem = nullptr;
    const char* missing = nullptr;
};

EntryPoints entry_points(const Library& library) {
    EntryPoints api;
    const auto bind = [&](auto& entry, const char* name) {
        entry = library.symbol<std::remove_reference_t<decltype(entry)>>(name);
        if (!entry && !api.missing) api.missing = name;
    };
    bind(api.init, "cuInit");
    bind(api.driver_get_version, "cuDriverGetVersion");
    bind(api.device_get_count, "cuDeviceGetCount");
    bind(api.device_get, "cuDeviceGet");
    bind(api.device_get_name, "cuDeviceGetName");
    bind(api.device_get_attribute, "cuDeviceGetAttribute");
    bind(api.device_total_mem, "cuDeviceTotalMem_v2");
    return api;
}

// A driver call that failed: its error and the reason's text.
struct CallFailure {
    int error;
    std::string reason;
};

// Device `index`'s name, capability, multiprocessors, memory and PCI address.
std::optional<CallFailure> describe_device(const EntryPoints& api, int index, Device& device) {
    device.index = index;
    int handle = 0;
    if (const int error = api.device_get(&handle, index); error != 0)
        return CallFailure{error, call_failed("cuDeviceGet", error)};
    char name[256] = {};
    if (const int error = api.device_get_name(name, static_cast<int>(sizeof name - 1), handle); error != 0)
        return CallFailure{error, call_failed("cuDeviceGetName", error)};
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
        if (const int error = api.device_get_attribute(entry.value, entry.attribute, handle); error != 0)
            return CallFailure{error, call_failed("cuDeviceGetAttribute", error)};
    }
    std::size_t bytes = 0;
    if (const int error = api.device_total_mem(&bytes, handle); error != 0)
        return CallFailure{error, call_failed("cuDeviceTotalMem", error)};
    device.memory_bytes = bytes;
    char pci[32];
    std::snprintf(pci, sizeof pci, "%04x:%02x:%02x.0", static_cast<unsigned>(domain) & 0xffffu,
                  static_cast<unsigned>(bus) & 0xffu, static_cast<unsigned>(slot) & 0xffu);
    device.pci_bus_id = pci;
    return std::nullopt;
}

}  // namespace

DriverQuery query_driver(const DriverOptions& options) {
    DriverQuery query;
    query.library = driver_library(options);
    const Library library(query.library);
    if (!library.handle) return fail(query, DriverStatus::no_driver, 0, "no NVIDIA driver: " + library.error);
    const EntryPoints api = entry_points(library);
    if (api.missing) {
        return fail(query, DriverStatus::no_driver, 0,
                    "no NVIDIA driver: " + query.library + " has no " + api.missing + "; it is not a CUDA driver");
    }

    query.release = release_of(reinterpret_cast<void*>(api.init));
    // The version needs no cuInit; a stub library fails here too and is reported by cuInit.
    int version = 0;
    if (api.driver_get_version(&version) == 0) query.driver_version = version;

    if (const int error = api.init(0); error != 0) {
        if (error == kNoDevice) return no_device(query, error);
        std::string reason = call_failed("cuInit", error);
        if (error == kStubLibrary) reason += "; " + query.library + " is the CUDA toolkit's stub, not a driver";
        return fail(query, DriverStatus::init_failed, error, reason);
    }

    int count = 0;
    if (const int error = api.device_get_count(&count); error != 0) {
        if (error == kNoDevice) return no_device(query, error);
        return fail(query, DriverStatus::query_failed, error, call_failed("cuDeviceGetCount", error));
    }
    if (count <= 0) return no_device(query, 0);

    for (int index = 0; index < count; ++index) {
        Device device;
        if (const std::optional<CallFailure> failure = describe_device(api, index, device)) {
            return fail(query, DriverStatus::query_failed, failure->error,
                        failure->reason + " (device " + std::to_string(index) + ")");
        }
        query.devices.push_back(std::move(device));
    }
    query.status = DriverStatus::ok;
    return query;
}

}  // namespace cudaarch
