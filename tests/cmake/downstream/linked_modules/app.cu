// SPDX-License-Identifier: Apache-2.0
__global__ void app_kernel(int* p) { p[0] = 2; }
void launch_pre(int* p);
int main() {
  app_kernel<<<1, 1>>>(nullptr);
  launch_pre(nullptr);
  return 0;
}
