// SPDX-License-Identifier: Apache-2.0
// A kernel that launches a kernel (dynamic parallelism), so the device link takes libcudadevrt's
// relocatable code into the program, as in NVIDIA's cdpSimplePrint.
#include <cstdio>

__global__ void child(int* value) { *value = 42; }

__global__ void parent(int* value) { child<<<1, 1>>>(value); }

int main() {
    int* value = nullptr;
    cudaError_t error = cudaMallocManaged(&value, sizeof(int));
    if (error == cudaSuccess) {
        parent<<<1, 1>>>(value);
        error = cudaGetLastError();
        if (error == cudaSuccess) error = cudaDeviceSynchronize();
    }
    std::printf("result: %d %s \"%s\"\n", static_cast<int>(error), cudaGetErrorName(error), cudaGetErrorString(error));
    return error == cudaSuccess && *value == 42 ? 0 : 1;
}
