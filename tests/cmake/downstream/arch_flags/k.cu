// SPDX-License-Identifier: Apache-2.0
__global__ void k(int* p) { *p = 1; }
