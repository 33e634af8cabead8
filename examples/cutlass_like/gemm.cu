// SPDX-License-Identifier: Apache-2.0
// A shared-memory tiled GEMM, C = A * B, the shape of kernel CUTLASS is made of, with a path of
// its own in the sm_90a image (__CUDA_ARCH_FEAT_SM90_ALL: the 'a' features are there) that
// reports itself, as CUTLASS's Hopper kernels run only from 9.0a. Exit 0 when the product is
// right or the GEMM has no image for this GPU (said so), 1 when wrong, 77 without a GPU.
#include <cmath>
#include <cstdio>
#include <vector>

#include "../common/family.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 750
#error "gemm.cu needs compute capability 7.5 or newer"
#endif

namespace {
constexpr int kTile = 16;

// path: 1 where the sm_90a code ran, 0 elsewhere (thread 0 of block 0 writes it).
__global__ void gemm_tiled(const float* a, const float* b, float* c, int n, int* path) {
    __shared__ float tile_a[kTile][kTile];
    __shared__ float tile_b[kTile][kTile];
    const int row = blockIdx.y * kTile + threadIdx.y;
    const int col = blockIdx.x * kTile + threadIdx.x;
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += kTile) {
        tile_a[threadIdx.y][threadIdx.x] = row < n && k0 + threadIdx.x < n ? a[row * n + k0 + threadIdx.x] : 0.0f;
        tile_b[threadIdx.y][threadIdx.x] = col < n && k0 + threadIdx.y < n ? b[(k0 + threadIdx.y) * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < kTile; ++k) sum += tile_a[threadIdx.y][k] * tile_b[k][threadIdx.x];
        __syncthreads();
    }
    if (row < n && col < n) c[row * n + col] = sum;
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
        *path = 1;
#else
        *path = 0;
#endif
    }
}
}  // namespace

int main() {
    if (!have_device()) return 77;  // CTest's SKIP_RETURN_CODE
    cudaFuncAttributes attributes;
    if (cudaFuncGetAttributes(&attributes, gemm_tiled) == cudaErrorNoKernelImageForDevice) {
        cudaGetLastError();
        std::printf("gemm_tiled: skipped: no image for this GPU\n");
        return 0;
    }
    constexpr int n = 70;  // not a multiple of the tile
    std::vector<float> a(n * n), b(n * n), c(n * n);
    for (int i = 0; i < n * n; ++i) {
        a[i] = static_cast<float>(i % 7 - 3);
        b[i] = static_cast<float>(i % 5 - 2);
    }
    float *da = nullptr, *db = nullptr, *dc = nullptr;
    int* dpath = nullptr;
    cudaMalloc(&da, a.size() * sizeof(float));
    cudaMalloc(&db, b.size() * sizeof(float));
    cudaMalloc(&dc, c.size() * sizeof(float));
    cudaMalloc(&dpath, sizeof(int));
    cudaMemcpy(da, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(db, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice);
    gemm_tiled<<<dim3((n + kTile - 1) / kTile, (n + kTile - 1) / kTile), dim3(kTile, kTile)>>>(da, db, dc, n, dpath);
    const cudaError_t launched = cudaDeviceSynchronize();
    int path = -1;
    cudaMemcpy(c.data(), dc, c.size() * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(&path, dpath, sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    cudaFree(dpath);
    bool ok = launched == cudaSuccess;
    for (int i = 0; ok && i < n; ++i) {
        for (int j = 0; ok && j < n; ++j) {
            float sum = 0.0f;  // small integers: exact in any order
            for (int k = 0; k < n; ++k) sum += a[i * n + k] * b[k * n + j];
            ok = c[i * n + j] == sum;
        }
    }
    std::printf("gemm_tiled: %s, %s path (binary version %d)\n", ok ? "ok" : "FAILED", path == 1 ? "sm_90a" : "generic",
                attributes.binaryVersion);
    return ok ? 0 : 1;
}
