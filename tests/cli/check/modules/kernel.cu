// SPDX-License-Identifier: Apache-2.0
// One translation unit's kernel, named by -DNAME=<name>: each unit of a test program is
// compiled from this file for other architectures, so that each registers its own module.
namespace family {
__global__ void NAME(int* out, float scale) { out[threadIdx.x] = static_cast<int>(scale * threadIdx.x); }
}  // namespace family
