// SPDX-License-Identifier: Apache-2.0
// The saxpy loop itself, shared by the portable kernel and the sm_90a variant.
#pragma once

#include <cstddef>

#include "common/launch.cuh"

namespace cudaarch::kernels {

__device__ inline void saxpy_grid_stride(float a, const float* x, float* y, std::size_t n) {
    for (std::size_t i = grid_thread_index(); i < n; i += grid_thread_count()) {
        y[i] = a * x[i] + y[i];
    }
}

}  // namespace cudaarch::kernels
