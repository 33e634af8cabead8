// SPDX-License-Identifier: Apache-2.0
// A data-centre Blackwell family (tcgen05): SUPPORTED 10.0a 10.3a.
#include "../common/family.cuh"

#if EXAMPLE_GUARDED && defined(__CUDA_ARCH__) && \
    (!defined(__CUDA_ARCH_SPECIFIC__) || (__CUDA_ARCH_SPECIFIC__ != 1000 && __CUDA_ARCH_SPECIFIC__ != 1030))
#error "fp4_sm100.cu needs sm_100a or sm_103a"
#endif

int vllm_like_fp4_sm100() { return run_family<4>("fp4_sm100"); }
