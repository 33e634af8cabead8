// SPDX-License-Identifier: Apache-2.0
#include "gemm/gemm_tile.cuh"

#include <cstddef>

#include <mma.h>

// WMMA needs tensor cores, which arrived with Volta (7.0). A plain macro because the
// device passes test it with #if and the host compares it with the loaded image.
#define CUDAARCH_WMMA_MIN_ARCH 700

namespace cudaarch::kernels {
namespace {

constexpr int tile = 16;  // the WMMA shape is 16x16x16
constexpr unsigned warp_size = 32;
constexpr unsigned block_threads = 4 * warp_size;

// Each warp computes one tile of C; a warp past the last tile has nothing to do.
__global__ void __launch_bounds__(block_threads) gemm_tile_kernel(const __half* a, const __half* b,
                                                                  float* c, int m, int n, int k) {
    const unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / warp_size;
    const unsigned tiles_per_row = static_cast<unsigned>(n / tile);
    if (warp >= static_cast<unsigned>(m / tile) * tiles_per_row) {
        return;
    }
    const std::size_t row0 = static_cast<std::size_t>(warp / tiles_per_row) * tile;
    const std::size_t col0 = static_cast<std::size_t>(warp % tiles_per_row) * tile;

#if __CUDA_ARCH__ >= CUDAARCH_WMMA_MIN_ARCH
    using namespace nvcuda;
    wmma::fragment<wmma::matrix_a, tile, tile, tile, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, tile, tile, tile, __half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, tile, tile, tile, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    for (int kk = 0; kk < k; kk += tile) {
        wmma::load_matrix_sync(fa, a + row0 * k + kk, k);
        wmma::load_matrix_sync(fb, b + static_cast<std::size_t>(kk) * n + col0, n);
        wmma::mma_sync(fc, fa, fb, fc);
    }
    wmma::store_matrix_sync(c + row0 * n + col0, fc, n, wmma::mem_row_major);
#else
    // Each lane computes 8 of the tile's 256 outputs.
    const unsigned lane = threadIdx.x % warp_size;
    for (unsigned e = lane; e < tile * tile; e += warp_size) {
        const std::size_t row = row0 + e / tile;
        const std::size_t col = col0 + e % tile;
        float acc = 0.0f;
        for (int kk = 0; kk < k; ++kk) {
            acc += __half2float(a[row * k + kk]) *
                   __half2float(b[static_cast<std::size_t>(kk) * n + col]);
        }
        c[row * n + col] = acc;
    }
#endif
}

}  // namespace

cudaError_t gemm_tile(const __half* a, const __half* b, float* c, int m, int n, int k,
                      cudaStream_t stream) {
    if (m <= 0 || n <= 0 || k <= 0 || m % tile != 0 || n % tile != 0 || k % tile != 0) {
        return cudaErrorInvalidValue;
    }
    const unsigned tiles = static_cast<unsigned>(m / tile) * static_cast<unsigned>(n / tile);
    const unsigned warps_per_block = block_threads / warp_size;
    const unsigned blocks = (tiles + warps_per_block - 1) / warps_per_block;
    gemm_tile_kernel<<<blocks, block_threads, 0, stream>>>(a, b, c, m, n, k);
    return cudaGetLastError();
}

cudaError_t gemm_tile_path(const char** path) {
    cudaFuncAttributes attr{};
    const cudaError_t err = cudaFuncGetAttributes(&attr, gemm_tile_kernel);
    if (err == cudaSuccess) {
        // ptxVersion is the virtual architecture the loaded image was compiled from,
        // i.e. the __CUDA_ARCH__ its #if saw, divided by 10.
        *path = attr.ptxVersion * 10 >= CUDAARCH_WMMA_MIN_ARCH ? "wmma" : "cuda-core";
    }
    return err;
}

}  // namespace cudaarch::kernels
