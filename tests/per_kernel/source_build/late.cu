// SPDX-License-Identifier: Apache-2.0
// Named with 9.0a, without a guard: the wrong builds of source_build give it other images.
__global__ void late_kernel(int* p) { *p = 3; }
void launch_late(int* p) { late_kernel<<<1, 1>>>(p); }
