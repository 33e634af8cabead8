// SPDX-License-Identifier: Apache-2.0
// A sample every GPU of the list runs: adds two vectors and checks the sum.
#include <cstdio>

#include <cuda_runtime.h>

__global__ void vector_add(const float* a, const float* b, float* c, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

int main() {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        std::printf("SKIP: no CUDA device\n");
        return 77;  // CTest's SKIP_RETURN_CODE
    }
    constexpr int n = 1024;
    float a[n], b[n], c[n];
    for (int i = 0; i < n; ++i) {
        a[i] = static_cast<float>(i);
        b[i] = 1.0f;
    }
    float *da = nullptr, *db = nullptr, *dc = nullptr;
    cudaMalloc(&da, sizeof a);
    cudaMalloc(&db, sizeof b);
    cudaMalloc(&dc, sizeof c);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    vector_add<<<(n + 255) / 256, 256>>>(da, db, dc, n);
    const cudaError_t error = cudaDeviceSynchronize();
    cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    const bool ok = error == cudaSuccess && c[0] == 1.0f && c[n - 1] == static_cast<float>(n);
    std::printf("vector_add: %s\n", ok ? "ok" : cudaGetErrorString(error));
    return ok ? 0 : 1;
}
