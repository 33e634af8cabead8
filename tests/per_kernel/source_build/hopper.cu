// SPDX-License-Identifier: Apache-2.0
// Built for sm_90a only: any other image fails the build.
#if defined(__CUDA_ARCH__) && (!defined(__CUDA_ARCH_SPECIFIC__) || __CUDA_ARCH_SPECIFIC__ != 900)
#error "hopper.cu needs sm_90a"
#endif
__global__ void hopper_kernel(int* p) { *p = 2; }
void launch_hopper(int* p) { hopper_kernel<<<1, 1>>>(p); }
