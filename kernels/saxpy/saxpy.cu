// SPDX-License-Identifier: Apache-2.0
#include "saxpy/saxpy.cuh"

#include "common/launch.cuh"
#include "saxpy/saxpy_device.cuh"

namespace cudaarch::kernels {
namespace {

__global__ void saxpy_kernel(float a, const float* x, float* y, std::size_t n) {
    saxpy_grid_stride(a, x, y, n);
}

}  // namespace

cudaError_t saxpy(float a, const float* x, float* y, std::size_t n, cudaStream_t stream) {
    constexpr unsigned threads = 256;
    saxpy_kernel<<<grid_size(n, threads), threads, 0, stream>>>(a, x, y, n);
    return cudaGetLastError();
}

}  // namespace cudaarch::kernels
