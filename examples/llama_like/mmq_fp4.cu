// SPDX-License-Identifier: Apache-2.0
// The FP4 tensor core kernels: sm_120a and sm_121a only.
#include "../common/family.cuh"

#if defined(__CUDA_ARCH__) && (!defined(__CUDA_ARCH_SPECIFIC__) || (__CUDA_ARCH_SPECIFIC__ != 1200 && __CUDA_ARCH_SPECIFIC__ != 1210))
#error "mmq_fp4.cu needs sm_120a or sm_121a"
#endif

int llama_like_fp4() { return run_family<2>("mmq_fp4"); }
