// SPDX-License-Identifier: Apache-2.0
// saxpy with a Hopper-only variant: picked at run time on a compute capability 9.0
// device, the portable kernel everywhere else.
#pragma once

#include <cstddef>

#include <cuda_runtime_api.h>

namespace cudaarch::kernels {

enum class SaxpyPath {
    portable,  // saxpy() from saxpy/saxpy.cuh
    sm90a,     // the sm_90a kernel that rebalances registers with setmaxnreg
};

const char* path_name(SaxpyPath path);  // "portable" or "sm_90a setmaxnreg"

// The path saxpy_hopper takes on the current device: sm90a only when the device is
// exactly compute capability 9.0 (an sm_90a image runs nowhere else) and the sm_90a
// image loads.
cudaError_t saxpy_hopper_path(SaxpyPath* path);

// Enqueues y = a*x + y on `stream` through the path saxpy_hopper_path chooses and
// stores that path in *path. Returns the first error.
cudaError_t saxpy_hopper(float a, const float* x, float* y, std::size_t n, SaxpyPath* path,
                         cudaStream_t stream = nullptr);

}  // namespace cudaarch::kernels
