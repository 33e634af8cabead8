// SPDX-License-Identifier: Apache-2.0
// What every kernel family of the per-kernel examples (vllm_like, llama_like) shares: one
// kernel that adds its family's number to each element, and the host function that launches
// it and checks the result. A family whose kernel has no image for this GPU
// (cudaFuncGetAttributes: no kernel image) is skipped.
#pragma once
#include <cstdio>

#include <cuda_runtime.h>

// The families' guards stop the compile for an image a family cannot use; the baseline build
// of bench/per_kernel.sh (PER_KERNEL=OFF, every kernel for the whole list) turns them off.
#if defined(EXAMPLE_GUARDS_OFF)
#define EXAMPLE_GUARDED 0
#else
#define EXAMPLE_GUARDED 1
#endif

// Whether a CUDA device is visible; says so when not (the runners then exit 77, which their
// tests read as a skip, SKIP_RETURN_CODE, never as a pass).
static bool have_device() {
    int count = 0;
    if (cudaGetDeviceCount(&count) == cudaSuccess && count > 0) return true;
    std::printf("SKIP: no CUDA device\n");
    return false;
}

template <int Value>
__global__ void family_kernel(int* data, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] += Value;
}

// 0: ran and checked, or skipped for want of an image; 1: a failure.
template <int Value>
static int run_family(const char* name) {
    cudaFuncAttributes attributes;
    const cudaError_t image = cudaFuncGetAttributes(&attributes, family_kernel<Value>);
    int device = 0;
    cudaDeviceProp prop;
    cudaGetDevice(&device);
    cudaGetDeviceProperties(&prop, device);
    if (image == cudaErrorNoKernelImageForDevice) {
        cudaGetLastError();
        std::printf("%s: skipped: no image for %d.%d\n", name, prop.major, prop.minor);
        return 0;
    }
    if (image != cudaSuccess) {
        std::printf("%s: FAILED: %s\n", name, cudaGetErrorString(image));
        return 1;
    }
    constexpr int n = 256;
    int host[n] = {};
    int* data = nullptr;
    cudaMalloc(&data, sizeof host);
    cudaMemcpy(data, host, sizeof host, cudaMemcpyHostToDevice);
    family_kernel<Value><<<1, n>>>(data, n);
    const cudaError_t launched = cudaDeviceSynchronize();
    cudaMemcpy(host, data, sizeof host, cudaMemcpyDeviceToHost);
    cudaFree(data);
    const bool ok = launched == cudaSuccess && host[0] == Value && host[n - 1] == Value;
    std::printf("%s: %s on %d.%d (binary version %d)\n", name, ok ? "ok" : "FAILED", prop.major, prop.minor,
                attributes.binaryVersion);
    return ok ? 0 : 1;
}
