// SPDX-License-Identifier: Apache-2.0
__global__ void hopper_kernel(int* p) { p[0] = 3; }
void launch_hopper(int* p) { hopper_kernel<<<1, 1>>>(p); }
