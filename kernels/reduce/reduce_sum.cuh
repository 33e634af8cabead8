// SPDX-License-Identifier: Apache-2.0
// Sum of a float array: a block reduction built from warp shuffles, in two passes.
#pragma once

#include <cstddef>

#include <cuda_runtime_api.h>

namespace cudaarch::kernels {

// The first pass always uses this many blocks, so the order of additions, and with it
// the rounded result, does not depend on the device.
inline constexpr unsigned reduce_sum_blocks = 1024;

// Enqueues *out = sum of in[0..n) on `stream`. `partials` is scratch space for
// reduce_sum_blocks floats. Returns the launch error.
cudaError_t reduce_sum(const float* in, std::size_t n, float* partials, float* out,
                       cudaStream_t stream = nullptr);

}  // namespace cudaarch::kernels
