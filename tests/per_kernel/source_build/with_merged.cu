// SPDX-License-Identifier: Apache-2.0
// Built for the target's list, with merged.cu's kernel in its module.
#include "merged.cu"
__global__ void with_merged_kernel(int* p) { *p = 5; }
void launch_with_merged(int* p) { with_merged_kernel<<<1, 1>>>(p); }
