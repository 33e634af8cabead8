// SPDX-License-Identifier: Apache-2.0
__global__ void pre_kernel(int* p) { p[0] = 1; }
void launch_pre(int* p) { pre_kernel<<<1, 1>>>(p); }
