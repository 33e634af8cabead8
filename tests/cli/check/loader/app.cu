// SPDX-License-Identifier: Apache-2.0
// The program of the loader tests: its own kernel (built for sm_90), then the library's.
#include <cstdio>
__global__ void add_kernel(float* x) { x[threadIdx.x] += 1.0f; }
cudaError_t scale(float* x);  // the library's launch error
int main() {
    float* x = nullptr;
    cudaMalloc(&x, 32 * sizeof(float));
    // "No kernel image" is the launch's own error, which cudaGetLastError returns; the
    // synchronization after it succeeds.
    add_kernel<<<1, 32>>>(x);
    std::printf("add_kernel: %s\n", cudaGetErrorString(cudaGetLastError()));
    cudaDeviceSynchronize();
    std::printf("scale_kernel: %s\n", cudaGetErrorString(scale(x)));
    cudaDeviceSynchronize();
    return 0;
}
