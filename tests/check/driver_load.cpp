// SPDX-License-Identifier: Apache-2.0
// Loads a module image (PTX text, a fatbin or a cubin) with the real driver, as a CUDA
// program's first launch does, and prints the driver's answer:
//   driver_load <file>  ->  "<CUresult> <name>" on stdout; exit 0 when it ran the load,
//   77 when no driver or GPU is there (the test skips), 2 on a bad file.
// The driver is opened with dlopen, so this builds without a CUDA toolkit.
#include <dlfcn.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using CUresult = int;
using CUdevice = int;
using CUcontext = void*;
using CUmodule = void*;

template <typename F>
F symbol(void* library, const char* name) {
    return reinterpret_cast<F>(dlsym(library, name));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: driver_load <file>\n");
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    std::vector<char> image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.eof() && !in.good()) return 2;
    image.push_back('\0');  // PTX text must end in NUL; a fatbin does not mind

    void* cuda = dlopen("libcuda.so.1", RTLD_NOW);
    if (!cuda) {
        std::printf("SKIP: no NVIDIA driver\n");
        return 77;
    }
    const auto init = symbol<CUresult (*)(unsigned)>(cuda, "cuInit");
    const auto device_get = symbol<CUresult (*)(CUdevice*, int)>(cuda, "cuDeviceGet");
    const auto retain = symbol<CUresult (*)(CUcontext*, CUdevice)>(cuda, "cuDevicePrimaryCtxRetain");
    const auto set_current = symbol<CUresult (*)(CUcontext)>(cuda, "cuCtxSetCurrent");
    const auto load = symbol<CUresult (*)(CUmodule*, const void*)>(cuda, "cuModuleLoadData");
    const auto error_name = symbol<CUresult (*)(CUresult, const char**)>(cuda, "cuGetErrorName");
    CUdevice device = 0;
    CUcontext context = nullptr;
    if (!init || !device_get || !retain || !set_current || !load || !error_name || init(0) != 0 ||
        device_get(&device, 0) != 0 || retain(&context, device) != 0 || set_current(context) != 0) {
        std::printf("SKIP: no usable CUDA device\n");
        return 77;
    }
    CUmodule module = nullptr;
    const CUresult result = load(&module, image.data());
    const char* name = "?";
    error_name(result, &name);
    std::printf("%d %s\n", result, name);
    return 0;
}
