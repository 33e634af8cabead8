// SPDX-License-Identifier: Apache-2.0
__global__ void kernel(int* out) { *out = 1; }
void launch(int* out) { kernel<<<1, 1>>>(out); }
