// SPDX-License-Identifier: Apache-2.0
// The device function main.cu's kernel calls across translation units, which needs -rdc.
__device__ int triple(int x) { return 3 * x; }
