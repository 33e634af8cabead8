// SPDX-License-Identifier: Apache-2.0
// cudaarch_probe: lists the CUDA devices this process can see and launches a tiny kernel
// on each. Built as PTX only, for the oldest virtual architecture the toolkit supports, so
// every GPU that toolkit can target JIT-compiles it. cudaarch_detect() builds and runs it.
//
// Output: one record per line, fields separated by '|' (format in docs/cmake/cudaarch_detect.md):
//   cudaarch-probe|1
//   versions|<driver>|<runtime>|<ptx arch>          e.g. versions|13000|13000|75
//   device|<index>|<M.m>|<SMs>|<bytes>|<pci bus id>|<launch>|<name>
//   why|<index>|<text>                               only after a device whose launch failed
//   status|<code>|<text>                             always the last line
// <launch> is "ok" or "<number>:<cudaError name>". <code> is one of ok, no-driver,
// insufficient-driver, stub-driver, no-device, error. Exit status: 0 when the status is ok.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

// The virtual architecture this file was compiled for, e.g. 75 (nvcc defines
// __CUDA_ARCH_LIST__ in host code too, as 750 for compute_75).
#ifdef __CUDA_ARCH_LIST__
constexpr int kArchList[] = {__CUDA_ARCH_LIST__};
constexpr int kPtxArch = kArchList[0] / 10;
#else
constexpr int kPtxArch = 0;
#endif

__global__ void probe_kernel(int* out) { *out = 42; }

// Never print the separator, a CMake list separator or a line break inside a field.
void print_field(const char* text) {
    for (const char* c = text; *c; ++c) std::putchar(*c == '|' || *c == ';' || *c == '\n' || *c == '\r' ? ' ' : *c);
}

void print_version(int version) { std::printf("%d.%d", version / 1000, (version % 1000) / 10); }

// Launches the kernel on the current device; returns the first error.
cudaError_t launch() {
    int* out = nullptr;
    cudaError_t error = cudaMalloc(&out, sizeof(int));
    if (error != cudaSuccess) return error;
    probe_kernel<<<1, 1>>>(out);
    error = cudaGetLastError();
    if (error == cudaSuccess) error = cudaDeviceSynchronize();
    int value = 0;
    if (error == cudaSuccess) error = cudaMemcpy(&value, out, sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(out);
    if (error == cudaSuccess && value != 42) error = cudaErrorUnknown;
    return error;
}

void explain_launch(int index, cudaError_t error, int major, int minor, int driver, int runtime) {
    std::printf("why|%d|", index);
    const int cc = major * 10 + minor;
    if ((error == cudaErrorNoKernelImageForDevice || error == cudaErrorInvalidDeviceFunction) && cc < kPtxArch) {
        std::printf("compute capability %d.%d is older than compute_%d, the oldest architecture CUDA ", major,
                    minor, kPtxArch);
        print_version(runtime);
        std::printf(" targets: build for it with an older CUDA toolkit");
    } else if (error == cudaErrorUnsupportedPtxVersion) {
        std::printf("the driver (CUDA ");
        print_version(driver);
        std::printf(") is older than the toolkit that wrote the probe's PTX (CUDA ");
        print_version(runtime);
        std::printf(") and cannot JIT-compile it: update the driver");
    } else if (error == cudaErrorJitCompilationDisabled ||
               (error == cudaErrorNoKernelImageForDevice && std::getenv("CUDA_DISABLE_PTX_JIT"))) {
        std::printf("PTX JIT compilation is disabled (CUDA_DISABLE_PTX_JIT) and the probe contains only PTX");
    } else if (error == cudaErrorJitCompilerNotFound) {
        std::printf("the driver's PTX JIT compiler library is missing");
    } else if (error == cudaErrorDevicesUnavailable) {
        std::printf("the device is busy or unavailable (exclusive or prohibited compute mode?)");
    } else {
        print_field(cudaGetErrorString(error));
    }
    std::printf("\n");
}

int status(const char* code, const char* text, cudaError_t error) {
    std::printf("status|%s|", code);
    print_field(text);
    if (error != cudaSuccess) std::printf(" (%d:%s)", static_cast<int>(error), cudaGetErrorName(error));
    std::printf("\n");
    return std::strcmp(code, "ok") == 0 ? 0 : 1;
}

}  // namespace

int main() {
    std::printf("cudaarch-probe|1\n");
    int driver = 0;
    int runtime = 0;
    cudaDriverGetVersion(&driver);  // 0 when no driver is installed
    cudaRuntimeGetVersion(&runtime);
    std::printf("versions|%d|%d|%d\n", driver, runtime, kPtxArch);
    std::fflush(stdout);

    int count = 0;
    const cudaError_t error = cudaGetDeviceCount(&count);
    if (error == cudaErrorInsufficientDriver && driver == 0)
        return status("no-driver", "no NVIDIA driver is loaded", error);
    if (error == cudaErrorInsufficientDriver)
        return status("insufficient-driver", "the driver is older than the CUDA runtime", error);
    if (error == cudaErrorStubLibrary)
        return status("stub-driver", "libcuda.so.1 is the CUDA toolkit's stub library, not a driver", error);
    if (error == cudaErrorNoDevice || (error == cudaSuccess && count == 0))
        return status("no-device", "no CUDA device is visible", error);
    if (error != cudaSuccess) return status("error", cudaGetErrorString(error), error);

    for (int index = 0; index < count; ++index) {
        cudaDeviceProp prop{};
        const cudaError_t prop_error = cudaGetDeviceProperties(&prop, index);
        if (prop_error != cudaSuccess) return status("error", cudaGetErrorString(prop_error), prop_error);
        char pci[32] = "-";
        if (cudaDeviceGetPCIBusId(pci, sizeof pci, index) != cudaSuccess) std::snprintf(pci, sizeof pci, "-");
        cudaError_t launched = cudaSetDevice(index);
        if (launched == cudaSuccess) launched = launch();
        std::printf("device|%d|%d.%d|%d|%llu|", index, prop.major, prop.minor, prop.multiProcessorCount,
                    static_cast<unsigned long long>(prop.totalGlobalMem));
        print_field(pci);
        if (launched == cudaSuccess)
            std::printf("|ok|");
        else
            std::printf("|%d:%s|", static_cast<int>(launched), cudaGetErrorName(launched));
        print_field(prop.name);
        std::printf("\n");
        if (launched != cudaSuccess) explain_launch(index, launched, prop.major, prop.minor, driver, runtime);
        std::fflush(stdout);
        cudaGetLastError();  // a sticky launch error must not leak into the next device
    }
    char text[64];
    std::snprintf(text, sizeof text, "%d device%s", count, count == 1 ? "" : "s");
    return status("ok", text, cudaSuccess);
}
