// SPDX-License-Identifier: Apache-2.0
// A Hopper-only family (wgmma needs sm_90a): SUPPORTED 9.0a.
#include "../common/family.cuh"

#if EXAMPLE_GUARDED && defined(__CUDA_ARCH__) && (!defined(__CUDA_ARCH_SPECIFIC__) || __CUDA_ARCH_SPECIFIC__ != 900)
#error "scaled_mm_sm90.cu needs sm_90a"
#endif

int vllm_like_scaled_mm_sm90() { return run_family<2>("scaled_mm_sm90"); }
