// SPDX-License-Identifier: Apache-2.0
__global__ void k(int* out) { *out = 1; }
