// SPDX-License-Identifier: Apache-2.0
// A GeForce Blackwell family: SUPPORTED "12.0f|12.0a", as fp4_sm100.cu.
#include "../common/family.cuh"

#if EXAMPLE_GUARDED && defined(__CUDA_ARCH__) && \
    (!defined(__CUDA_ARCH_FAMILY_SPECIFIC__) || __CUDA_ARCH_FAMILY_SPECIFIC__ != 1200)
#error "fp8_sm120.cu needs sm_120f or sm_120a"
#endif

int vllm_like_fp8_sm120() { return run_family<5>("fp8_sm120"); }
