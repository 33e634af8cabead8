// SPDX-License-Identifier: Apache-2.0
// A __device__ function called across translation units: needs the device link.
__device__ float twice(float x) { return 2.0f * x; }
