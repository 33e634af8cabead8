// SPDX-License-Identifier: Apache-2.0
// Adds two vectors, scaling through a __device__ function of another file (needs the
// device link, as separable compilation in most real projects does).
#include <cstdio>

__device__ float scaled(float x);

__global__ void add(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = scaled(a[i]) + b[i];
}

int main() {
  const int n = 1 << 10;
  float *a = nullptr, *b = nullptr, *c = nullptr;
  cudaMallocManaged(&a, n * sizeof(float));
  cudaMallocManaged(&b, n * sizeof(float));
  cudaMallocManaged(&c, n * sizeof(float));
  for (int i = 0; i < n; ++i) { a[i] = 1.0f; b[i] = 2.0f; }
  add<<<(n + 255) / 256, 256>>>(a, b, c, n);
  cudaError_t status = cudaDeviceSynchronize();
  std::printf("%s, c[0] = %g\n", cudaGetErrorString(status), status == cudaSuccess ? c[0] : 0.0f);
  return status == cudaSuccess ? 0 : 1;
}
