// SPDX-License-Identifier: Apache-2.0
// saxpy, y = a*x + y, on device arrays: the smallest kernel that shows an image runs.
#pragma once

#include <cstddef>

#include <cuda_runtime_api.h>

namespace cudaarch::kernels {

// Enqueues y[i] = a*x[i] + y[i] for i < n on `stream`; returns the launch error.
cudaError_t saxpy(float a, const float* x, float* y, std::size_t n, cudaStream_t stream = nullptr);

}  // namespace cudaarch::kernels
