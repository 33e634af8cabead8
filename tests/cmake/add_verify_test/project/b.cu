// SPDX-License-Identifier: Apache-2.0
__global__ void b(int* p) { p[threadIdx.x] += 1; }
