// SPDX-License-Identifier: Apache-2.0
// Named with 9.0a, then #included into with_merged.cu instead of compiled on its own.
__global__ void merged_kernel(int* p) { *p = 4; }
void launch_merged(int* p) { merged_kernel<<<1, 1>>>(p); }
