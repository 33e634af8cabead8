// SPDX-License-Identifier: Apache-2.0
__device__ float twice(float x);

__global__ void scale(float* data) { data[threadIdx.x] = twice(data[threadIdx.x]); }

// main for the executable; the shared library exports it as an ordinary symbol.
int main() {
  float* data = nullptr;
  cudaMalloc(&data, 32 * sizeof(float));
  scale<<<1, 32>>>(data);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
