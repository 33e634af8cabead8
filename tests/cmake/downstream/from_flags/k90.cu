// SPDX-License-Identifier: Apache-2.0
__global__ void k90(int* p) { *p = 2; }
