// SPDX-License-Identifier: Apache-2.0
// cudaarch_probe: lists the CUDA devices this process can see and launches a tiny kernel
// on each, through the driver API of the NVIDIA driver it loads at run time (libcuda.so.1,
// nvcuda.dll). The kernel is the toolkit's PTX for the oldest virtual architecture it
// supports (cudaarch_probe_kernel.cup), which every GPU that toolkit can target
// JIT-compiles. cudaarch_detect() builds and runs it:
//   cudaarch_probe <kernel.ptx> <toolkit CUDA version, e.g. 13000> <PTX architecture, e.g. 75>
// The probe is plain C++ with no CUDA header or library, so the host compiler builds it in
// a fraction of the time a .cu file takes (no cudafe++, no device pass over the CUDA headers);
// it includes only C library headers, since <string> alone would triple its compile time.
// It is built at configure time from this file alone, so it cannot share the CLI's driver
// loader (src/cudaarch/driver.cpp), whose constants it repeats.
//
// Output: one record per line, fields separated by '|' (format in cudaarch_detect's doc block):
//   cudaarch-probe|1
//   versions|<driver>|<toolkit>|<ptx arch>           e.g. versions|13000|13000|75
//   device|<index>|<M.m>|<SMs>|<bytes>|<pci bus id>|<launch>|<name>
//   why|<index>|<text>                               only after a device whose launch failed
//   status|<code>|<text>                             always the last line
// <launch> is "ok" or "<number>:<CUresult name>". <code> is one of ok, no-driver,
// insufficient-driver, stub-driver, no-device, error. Exit status: 0 when the status is ok.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifdef _WIN32
#include <windows.h>
#else
#include <dlfcn.h>
#endif

namespace {

// The driver API's types, spelled out: CUresult, CUdevice and the attribute enum are int,
// handles are pointers, device pointers 64-bit.
using CUresult = int;
using CUdevice = int;
using Handle = void*;
using DevicePtr = unsigned long long;

constexpr CUresult kSuccess = 0;
constexpr CUresult kStubLibrary = 34;           // CUDA_ERROR_STUB_LIBRARY
constexpr CUresult kDeviceUnavailable = 46;     // CUDA_ERROR_DEVICE_UNAVAILABLE
constexpr CUresult kNoDevice = 100;             // CUDA_ERROR_NO_DEVICE
constexpr CUresult kNoBinaryForGpu = 209;       // CUDA_ERROR_NO_BINARY_FOR_GPU
constexpr CUresult kInvalidPtx = 218;           // CUDA_ERROR_INVALID_PTX
constexpr CUresult kJitCompilerNotFound = 221;  // CUDA_ERROR_JIT_COMPILER_NOT_FOUND
constexpr CUresult kUnsupportedPtxVersion = 222;
constexpr CUresult kJitCompilationDisabled = 223;
constexpr CUresult kUnknown = 999;
constexpr int kAttrMultiprocessors = 16;
constexpr int kAttrMajor = 75;
constexpr int kAttrMinor = 76;

// The entry points used, looked up by the names the driver exports.
struct Driver {
    CUresult (*cuInit)(unsigned int);
    CUresult (*cuDriverGetVersion)(int*);
    CUresult (*cuGetErrorName)(CUresult, const char**);
    CUresult (*cuGetErrorString)(CUresult, const char**);
    CUresult (*cuDeviceGetCount)(int*);
    CUresult (*cuDeviceGet)(CUdevice*, int);
    CUresult (*cuDeviceGetName)(char*, int, CUdevice);
    CUresult (*cuDeviceGetAttribute)(int*, int, CUdevice);
    CUresult (*cuDeviceTotalMem_v2)(std::size_t*, CUdevice);
    CUresult (*cuDeviceGetPCIBusId)(char*, int, CUdevice);
    CUresult (*cuDevicePrimaryCtxRetain)(Handle*, CUdevice);
    CUresult (*cuDevicePrimaryCtxRelease_v2)(CUdevice);
    CUresult (*cuCtxSetCurrent)(Handle);
    CUresult (*cuCtxSynchronize)();
    CUresult (*cuModuleLoadData)(Handle*, const void*);
    CUresult (*cuModuleGetFunction)(Handle*, Handle, const char*);
    CUresult (*cuModuleUnload)(Handle);
    CUresult (*cuMemAlloc_v2)(DevicePtr*, std::size_t);
    CUresult (*cuMemFree_v2)(DevicePtr);
    CUresult (*cuMemcpyDtoH_v2)(void*, DevicePtr, std::size_t);
    CUresult (*cuLaunchKernel)(Handle, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                               Handle, void**, void**);
};

// Never print the separator, a CMake list separator or a line break inside a field.
void print_field(const char* text) {
    for (const char* c = text; *c; ++c) std::putchar(*c == '|' || *c == ';' || *c == '\n' || *c == '\r' ? ' ' : *c);
}

void print_version(int version) { std::printf("%d.%d", version / 1000, (version % 1000) / 10); }

const char* error_name(const Driver& driver, CUresult error) {
    const char* name = nullptr;
    return driver.cuGetErrorName(error, &name) == kSuccess && name ? name : "unnamed CUresult";
}

const char* error_text(const Driver& driver, CUresult error) {
    const char* text = nullptr;
    return driver.cuGetErrorString(error, &text) == kSuccess && text ? text : "unknown error";
}

// <detail>, when given, follows <text> after ": ".
int status(const char* code, const char* text, const char* detail = nullptr) {
    std::printf("status|%s|", code);
    print_field(text);
    if (detail) {
        std::printf(": ");
        print_field(detail);
    }
    std::printf("\n");
    return std::strcmp(code, "ok") == 0 ? 0 : 1;
}

int status(const Driver& driver, const char* code, const char* text, CUresult error) {
    std::printf("status|%s|", code);
    print_field(text);
    std::printf(" (%d:%s)\n", error, error_name(driver, error));
    return 1;
}

// Opens the driver library; <problem> says why not.
void* open_driver(char (&problem)[512]) {
#ifdef _WIN32
    void* library = reinterpret_cast<void*>(LoadLibraryA("nvcuda.dll"));
    if (!library) std::snprintf(problem, sizeof problem, "nvcuda.dll cannot be loaded (error %lu)", GetLastError());
#else
    void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);  // never closed: unsafe after cuInit
    if (!library) {
        const char* text = dlerror();
        std::snprintf(problem, sizeof problem, "%s", text ? text : "libcuda.so.1 cannot be loaded");
    }
#endif
    return library;
}

// Fills every entry point of <driver>; returns the name of the first one missing, or null.
const char* resolve(void* library, Driver& driver) {
    struct Entry {
        const char* name;
        void* slot;
    };
    const Entry entries[] = {
#define CUDAARCH_ENTRY(name) {#name, &driver.name}
        CUDAARCH_ENTRY(cuInit),           CUDAARCH_ENTRY(cuDriverGetVersion),
        CUDAARCH_ENTRY(cuGetErrorName),   CUDAARCH_ENTRY(cuGetErrorString),
        CUDAARCH_ENTRY(cuDeviceGetCount), CUDAARCH_ENTRY(cuDeviceGet),
        CUDAARCH_ENTRY(cuDeviceGetName),  CUDAARCH_ENTRY(cuDeviceGetAttribute),
        CUDAARCH_ENTRY(cuDeviceTotalMem_v2), CUDAARCH_ENTRY(cuDeviceGetPCIBusId),
        CUDAARCH_ENTRY(cuDevicePrimaryCtxRetain), CUDAARCH_ENTRY(cuDevicePrimaryCtxRelease_v2),
        CUDAARCH_ENTRY(cuCtxSetCurrent),  CUDAARCH_ENTRY(cuCtxSynchronize),
        CUDAARCH_ENTRY(cuModuleLoadData), CUDAARCH_ENTRY(cuModuleGetFunction),
        CUDAARCH_ENTRY(cuModuleUnload),   CUDAARCH_ENTRY(cuMemAlloc_v2),
        CUDAARCH_ENTRY(cuMemFree_v2),     CUDAARCH_ENTRY(cuMemcpyDtoH_v2),
        CUDAARCH_ENTRY(cuLaunchKernel),
#undef CUDAARCH_ENTRY
    };
    for (const Entry& entry : entries) {
#ifdef _WIN32
        void* symbol = reinterpret_cast<void*>(GetProcAddress(static_cast<HMODULE>(library), entry.name));
#else
        void* symbol = dlsym(library, entry.name);
#endif
        if (!symbol) return entry.name;
        std::memcpy(entry.slot, &symbol, sizeof symbol);  // object to function pointer
    }
    return nullptr;
}

// Loads <ptx> into the device's primary context and runs the kernel once; returns the
// first error. Loading JIT-compiles the PTX, so its failures say why a GPU cannot run it.
CUresult launch(const Driver& driver, CUdevice device, const char* ptx) {
    Handle context = nullptr;
    CUresult error = driver.cuDevicePrimaryCtxRetain(&context, device);
    if (error != kSuccess) return error;
    Handle module = nullptr;
    DevicePtr out = 0;
    error = driver.cuCtxSetCurrent(context);
    if (error == kSuccess) error = driver.cuModuleLoadData(&module, ptx);
    Handle kernel = nullptr;
    if (error == kSuccess) error = driver.cuModuleGetFunction(&kernel, module, "cudaarch_probe_kernel");
    if (error == kSuccess) error = driver.cuMemAlloc_v2(&out, sizeof(int));
    void* arguments[] = {&out};
    if (error == kSuccess) error = driver.cuLaunchKernel(kernel, 1, 1, 1, 1, 1, 1, 0, nullptr, arguments, nullptr);
    if (error == kSuccess) error = driver.cuCtxSynchronize();
    int value = 0;
    if (error == kSuccess) error = driver.cuMemcpyDtoH_v2(&value, out, sizeof value);
    if (error == kSuccess && value != 42) error = kUnknown;
    if (out) driver.cuMemFree_v2(out);
    if (module) driver.cuModuleUnload(module);
    driver.cuDevicePrimaryCtxRelease_v2(device);
    return error;
}

void explain_launch(const Driver& driver, int index, CUresult error, int major, int minor, int version,
                    int toolkit, int ptx_arch) {
    std::printf("why|%d|", index);
    const int cc = major * 10 + minor;
    if ((error == kNoBinaryForGpu || error == kInvalidPtx) && cc < ptx_arch) {
        std::printf("compute capability %d.%d is older than compute_%d, the oldest architecture CUDA ", major,
                    minor, ptx_arch);
        print_version(toolkit);
        std::printf(" targets: build for it with an older CUDA toolkit");
    } else if (error == kUnsupportedPtxVersion) {
        std::printf("the driver (CUDA ");
        print_version(version);
        std::printf(") is older than the toolkit that wrote the probe's PTX (CUDA ");
        print_version(toolkit);
        std::printf(") and cannot JIT-compile it: update the driver");
    } else if (error == kJitCompilationDisabled || (error == kNoBinaryForGpu && std::getenv("CUDA_DISABLE_PTX_JIT"))) {
        std::printf("PTX JIT compilation is disabled (CUDA_DISABLE_PTX_JIT) and the probe contains only PTX");
    } else if (error == kJitCompilerNotFound) {
        std::printf("the driver's PTX JIT compiler library is missing");
    } else if (error == kDeviceUnavailable) {
        std::printf("the device is busy or unavailable (exclusive or prohibited compute mode?)");
    } else {
        print_field(error_text(driver, error));
    }
    std::printf("\n");
}

// The whole file, null-terminated (as cuModuleLoadData wants PTX), or null. Never freed:
// the probe reads one file and exits.
const char* read_file(const char* path) {
    std::FILE* file = std::fopen(path, "rb");
    if (!file) return nullptr;
    char* text = nullptr;
    std::size_t size = 0;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0; size += n) {
        char* grown = static_cast<char*>(std::realloc(text, size + n + 1));
        if (!grown) break;
        text = grown;
        std::memcpy(text + size, buffer, n);
    }
    const bool ok = text && !std::ferror(file) && std::feof(file);
    std::fclose(file);
    if (!ok) return nullptr;
    text[size] = '\0';
    return text;
}

}  // namespace

int main(int argc, char** argv) {
    std::printf("cudaarch-probe|1\n");
    const char* ptx = argc == 4 ? read_file(argv[1]) : nullptr;
    if (!ptx) {
        return status("error", "usage: cudaarch_probe <kernel.ptx> <toolkit CUDA version> <PTX architecture> "
                               "(the PTX file must be readable)");
    }
    const int toolkit = std::atoi(argv[2]);
    const int ptx_arch = std::atoi(argv[3]);

    char problem[512] = "";
    void* library = open_driver(problem);
    Driver driver{};
    const char* missing = library ? resolve(library, driver) : nullptr;
    int version = 0;  // 0 when no driver is installed
    if (library && !missing) driver.cuDriverGetVersion(&version);
    std::printf("versions|%d|%d|%d\n", version, toolkit, ptx_arch);
    std::fflush(stdout);
    if (!library) return status("no-driver", "no NVIDIA driver is loaded", problem);
    if (missing) return status("no-driver", "the driver library lacks an entry point the probe uses", missing);

    CUresult error = driver.cuInit(0);
    if (error == kStubLibrary)
        return status(driver, "stub-driver", "libcuda.so.1 is the CUDA toolkit's stub library, not a driver", error);
    if (error == kNoDevice) return status(driver, "no-device", "no CUDA device is visible", error);
    if (error != kSuccess) return status(driver, "error", error_text(driver, error), error);
    // The toolkit's CUDA runtime needs a driver of at least its major version, so programs
    // built with it would not start (cudaErrorInsufficientDriver).
    if (version / 1000 < toolkit / 1000)
        return status("insufficient-driver", "the driver is older than the toolkit's CUDA runtime");

    int count = 0;
    error = driver.cuDeviceGetCount(&count);
    if (error == kNoDevice || (error == kSuccess && count == 0))
        return status(driver, "no-device", "no CUDA device is visible", kNoDevice);
    if (error != kSuccess) return status(driver, "error", error_text(driver, error), error);

    for (int index = 0; index < count; ++index) {
        CUdevice device = 0;
        char name[256] = {};
        int major = 0;
        int minor = 0;
        int multiprocessors = 0;
        std::size_t bytes = 0;
        error = driver.cuDeviceGet(&device, index);
        if (error == kSuccess) error = driver.cuDeviceGetName(name, static_cast<int>(sizeof name - 1), device);
        if (error == kSuccess) error = driver.cuDeviceGetAttribute(&major, kAttrMajor, device);
        if (error == kSuccess) error = driver.cuDeviceGetAttribute(&minor, kAttrMinor, device);
        if (error == kSuccess) error = driver.cuDeviceGetAttribute(&multiprocessors, kAttrMultiprocessors, device);
        if (error == kSuccess) error = driver.cuDeviceTotalMem_v2(&bytes, device);
        if (error != kSuccess) return status(driver, "error", error_text(driver, error), error);
        char pci[32] = "-";
        if (driver.cuDeviceGetPCIBusId(pci, sizeof pci, device) != kSuccess) std::snprintf(pci, sizeof pci, "-");
        const CUresult launched = launch(driver, device, ptx);
        std::printf("device|%d|%d.%d|%d|%llu|", index, major, minor, multiprocessors,
                    static_cast<unsigned long long>(bytes));
        print_field(pci);
        if (launched == kSuccess)
            std::printf("|ok|");
        else
            std::printf("|%d:%s|", launched, error_name(driver, launched));
        print_field(name);
        std::printf("\n");
        if (launched != kSuccess) explain_launch(driver, index, launched, major, minor, version, toolkit, ptx_arch);
        std::fflush(stdout);
    }
    char text[64];
    std::snprintf(text, sizeof text, "%d device%s", count, count == 1 ? "" : "s");
    return status("ok", text);
}
