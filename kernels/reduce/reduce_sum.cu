// SPDX-License-Identifier: Apache-2.0
#include "reduce/reduce_sum.cuh"

#include "common/launch.cuh"

namespace cudaarch::kernels {
namespace {

constexpr unsigned warp_size = 32;
constexpr unsigned block_threads = 256;
constexpr unsigned full_mask = 0xffffffffu;

// After this, lane 0 holds the sum of the warp's 32 values.
__device__ float warp_sum(float v) {
    for (unsigned offset = warp_size / 2; offset > 0; offset /= 2) {
        v += __shfl_down_sync(full_mask, v, offset);
    }
    return v;
}

// Thread 0 of each block writes the sum of the block's grid-stride share to out[blockIdx.x].
__global__ void __launch_bounds__(block_threads) block_sum_kernel(const float* in, std::size_t n,
                                                                  float* out) {
    __shared__ float warp_sums[block_threads / warp_size];

    float v = 0.0f;
    for (std::size_t i = grid_thread_index(); i < n; i += grid_thread_count()) {
        v += in[i];
    }
    v = warp_sum(v);

    const unsigned lane = threadIdx.x % warp_size;
    const unsigned warp = threadIdx.x / warp_size;
    if (lane == 0) {
        warp_sums[warp] = v;
    }
    __syncthreads();
    if (warp == 0) {
        v = lane < block_threads / warp_size ? warp_sums[lane] : 0.0f;
        v = warp_sum(v);
        if (lane == 0) {
            out[blockIdx.x] = v;
        }
    }
}

}  // namespace

cudaError_t reduce_sum(const float* in, std::size_t n, float* partials, float* out,
                       cudaStream_t stream) {
    // Two launches instead of atomics keep the result reproducible run to run.
    block_sum_kernel<<<reduce_sum_blocks, block_threads, 0, stream>>>(in, n, partials);
    block_sum_kernel<<<1, block_threads, 0, stream>>>(partials, reduce_sum_blocks, out);
    return cudaGetLastError();
}

}  // namespace cudaarch::kernels
