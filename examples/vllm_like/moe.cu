// SPDX-License-Identifier: Apache-2.0
// A family per target: Hopper and data-centre Blackwell MoE kernels, SUPPORTED 9.0a 10.0a.
#include "../common/family.cuh"

#if EXAMPLE_GUARDED && defined(__CUDA_ARCH__) && \
    (!defined(__CUDA_ARCH_SPECIFIC__) || (__CUDA_ARCH_SPECIFIC__ != 900 && __CUDA_ARCH_SPECIFIC__ != 1000))
#error "moe.cu needs sm_90a or sm_100a"
#endif

int vllm_like_moe() { return run_family<6>("moe"); }
