// SPDX-License-Identifier: Apache-2.0
__global__ void a(float* p) { p[threadIdx.x] *= 2.0f; }
