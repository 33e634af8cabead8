// SPDX-License-Identifier: Apache-2.0
// The driver API the oracle programs (driver_load.cpp, module_load.cpp) load modules with,
// opened with dlopen so that they build without a CUDA toolkit, and a current context on
// device 0.
#pragma once

#include <dlfcn.h>

#include <cstdio>

namespace cudaarch_test {

using CUresult = int;
using CUdevice = int;
using CUcontext = void*;
using CUmodule = void*;
using CUfunction = void*;

struct DriverApi {
    CUresult (*load)(CUmodule*, const void*) = nullptr;
    CUresult (*unload)(CUmodule) = nullptr;
    CUresult (*function)(CUfunction*, CUmodule, const char*) = nullptr;
    CUresult (*error_name)(CUresult, const char**) = nullptr;
};

template <typename F>
F symbol(void* library, const char* name) {
    return reinterpret_cast<F>(dlsym(library, name));
}

// Opens libcuda.so.1 and makes device 0's primary context current. False, after printing
// "SKIP: ..." (the tests' skip mark), when there is no driver or no usable device.
inline bool open_driver(DriverApi& api) {
    void* cuda = dlopen("libcuda.so.1", RTLD_NOW);
    if (!cuda) {
        std::printf("SKIP: no NVIDIA driver\n");
        return false;
    }
    const auto init = symbol<CUresult (*)(unsigned)>(cuda, "cuInit");
    const auto device_get = symbol<CUresult (*)(CUdevice*, int)>(cuda, "cuDeviceGet");
    const auto retain = symbol<CUresult (*)(CUcontext*, CUdevice)>(cuda, "cuDevicePrimaryCtxRetain");
    const auto set_current = symbol<CUresult (*)(CUcontext)>(cuda, "cuCtxSetCurrent");
    api.load = symbol<CUresult (*)(CUmodule*, const void*)>(cuda, "cuModuleLoadData");
    api.unload = symbol<CUresult (*)(CUmodule)>(cuda, "cuModuleUnload");
    api.function = symbol<CUresult (*)(CUfunction*, CUmodule, const char*)>(cuda, "cuModuleGetFunction");
    api.error_name = symbol<CUresult (*)(CUresult, const char**)>(cuda, "cuGetErrorName");
    CUdevice device = 0;
    CUcontext context = nullptr;
    if (!init || !device_get || !retain || !set_current || !api.load || !api.unload || !api.function ||
        !api.error_name || init(0) != 0 || device_get(&device, 0) != 0 || retain(&context, device) != 0 ||
        set_current(context) != 0) {
        std::printf("SKIP: no usable CUDA device\n");
        return false;
    }
    return true;
}

}  // namespace cudaarch_test
