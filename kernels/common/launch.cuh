// SPDX-License-Identifier: Apache-2.0
// Index and grid-size helpers shared by the grid-stride kernels.
#pragma once

#include <cstddef>

namespace cudaarch::kernels {

__device__ inline std::size_t grid_thread_index() {
    return static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}

__device__ inline std::size_t grid_thread_count() {
    return static_cast<std::size_t>(gridDim.x) * blockDim.x;
}

// Enough blocks to give each thread about one element, capped because grid-stride loops
// cover the rest and a huge grid only adds scheduling work.
inline unsigned grid_size(std::size_t n, unsigned threads, unsigned max_blocks = 4096) {
    const std::size_t blocks = (n + threads - 1) / threads;
    return blocks == 0 ? 1u : static_cast<unsigned>(blocks < max_blocks ? blocks : max_blocks);
}

}  // namespace cudaarch::kernels
