// SPDX-License-Identifier: Apache-2.0
// Matrix product on 16x16 tiles: tensor cores (WMMA) where the architecture has them,
// CUDA cores elsewhere, chosen per architecture at compile time.
#pragma once

#include <cuda_fp16.h>
#include <cuda_runtime_api.h>

namespace cudaarch::kernels {

// Enqueues C = A*B on `stream` for row-major A (m x k, half), B (k x n, half) and
// C (m x n, float, accumulated in float). m, n and k must be multiples of 16
// (cudaErrorInvalidValue otherwise). Returns the launch error.
cudaError_t gemm_tile(const __half* a, const __half* b, float* c, int m, int n, int k,
                      cudaStream_t stream = nullptr);

// Sets *path to "wmma" or "cuda-core": the branch compiled into the image that the
// current device loads for gemm_tile.
cudaError_t gemm_tile_path(const char** path);

}  // namespace cudaarch::kernels
