// SPDX-License-Identifier: Apache-2.0
__global__ void pre2_kernel(int* p) { p[0] = 3; }
void launch_pre2(int* p) { pre2_kernel<<<1, 1>>>(p); }
