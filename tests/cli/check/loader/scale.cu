// SPDX-License-Identifier: Apache-2.0
// The library of the loader tests: one kernel, built for sm_80 only.
__global__ void scale_kernel(float* x) { x[threadIdx.x] *= 2.0f; }
// The library links its own static CUDA runtime, whose last error the program's runtime does
// not see: the launch's error is returned.
cudaError_t scale(float* x) {
    scale_kernel<<<1, 32>>>(x);
    return cudaGetLastError();
}
