// SPDX-License-Identifier: Apache-2.0
__global__ void app_kernel(int* p) { p[0] = 1; }
int main() {
  app_kernel<<<1, 1>>>(nullptr);
  return 0;
}
