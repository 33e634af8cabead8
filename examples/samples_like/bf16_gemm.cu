// SPDX-License-Identifier: Apache-2.0
// A sample whose kernels need compute capability 8.0 (bf16 tensor cores): a small bf16 matrix
// product checked against the host. Built for nothing older, so no guard at run time is needed.
#include <cstdio>

#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <mma.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "bf16_gemm.cu needs compute capability 8.0 or newer"
#endif

// One 16x16x16 tile: C = A * B with bf16 inputs and float accumulation.
__global__ void bf16_tile(const __nv_bfloat16* a, const __nv_bfloat16* b, float* c) {
    using namespace nvcuda;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}

int main() {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        std::printf("SKIP: no CUDA device\n");
        return 77;  // CTest's SKIP_RETURN_CODE
    }
    constexpr int n = 16 * 16;
    __nv_bfloat16 a[n], b[n];
    float c[n];
    for (int i = 0; i < n; ++i) {
        a[i] = __float2bfloat16(1.0f);
        b[i] = __float2bfloat16(2.0f);
    }
    __nv_bfloat16 *da = nullptr, *db = nullptr;
    float* dc = nullptr;
    cudaMalloc(&da, sizeof a);
    cudaMalloc(&db, sizeof b);
    cudaMalloc(&dc, sizeof c);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    bf16_tile<<<1, 32>>>(da, db, dc);
    const cudaError_t error = cudaDeviceSynchronize();
    cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    const bool ok = error == cudaSuccess && c[0] == 32.0f && c[n - 1] == 32.0f;  // 16 products of 1 x 2
    std::printf("bf16_gemm: %s\n", ok ? "ok" : cudaGetErrorString(error));
    return ok ? 0 : 1;
}
