// SPDX-License-Identifier: Apache-2.0
// A data-centre Blackwell family (tcgen05): SUPPORTED "10.0f|10.0a", the family image where the
// nvcc builds it (12.9 on), else 10.0a; vLLM keeps the two in a version if.
#include "../common/family.cuh"

#if EXAMPLE_GUARDED && defined(__CUDA_ARCH__) && \
    (!defined(__CUDA_ARCH_FAMILY_SPECIFIC__) || __CUDA_ARCH_FAMILY_SPECIFIC__ != 1000)
#error "fp4_sm100.cu needs sm_100f or sm_100a"
#endif

int vllm_like_fp4_sm100() { return run_family<4>("fp4_sm100"); }
