// SPDX-License-Identifier: Apache-2.0
// Launches a kernel that calls a __device__ function of another translation unit (device.cu)
// and prints what the CUDA runtime says and how long the first launch took: module loading,
// any load-time link or JIT, and the kernel. Then the runtime guard's verdict, as
// "runtime guard: <verdict> <error>: <message>". Exit status: 0 when the kernel ran and was right.
#include <chrono>
#include <cstdio>

#include <cudaarch/runtime.hpp>

__device__ int triple(int x);

__global__ void call_triple(int* value) { *value = triple(*value); }

int main() {
    int* value = nullptr;
    cudaError_t error = cudaMallocManaged(&value, sizeof(int));
    if (error == cudaSuccess) {
        *value = 14;
        const auto start = std::chrono::steady_clock::now();
        call_triple<<<1, 1>>>(value);
        error = cudaGetLastError();
        if (error == cudaSuccess) error = cudaDeviceSynchronize();
        const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
        std::printf("first launch: %.2f ms\n", took.count());
    }
    std::printf("result: %d %s \"%s\"\n", static_cast<int>(error), cudaGetErrorName(error), cudaGetErrorString(error));
    const cudaarch::DeviceCheck guard = cudaarch::check_device(0);
    std::printf("runtime guard: %s %d: %s\n", cudaarch::verdict_name(guard.verdict), guard.error, guard.message.c_str());
    return error == cudaSuccess && *value == 42 ? 0 : 1;
}
