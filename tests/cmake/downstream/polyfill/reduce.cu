// SPDX-License-Identifier: Apache-2.0
// A feature check: __reduce_add_sync exists from sm_80 on.
__global__ void reduce(unsigned* out) { *out = __reduce_add_sync(0xffffffffu, threadIdx.x); }
int main() { return 0; }
