// SPDX-License-Identifier: Apache-2.0
// A kernel that only needs to exist in the images the target asks for.
__global__ void scale(float* data, float factor, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
}

void launch_scale(float* data, float factor, int n) { scale<<<(n + 255) / 256, 256>>>(data, factor, n); }
