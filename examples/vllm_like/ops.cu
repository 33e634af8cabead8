// SPDX-License-Identifier: Apache-2.0
// The rest of _C: built for the whole request from 7.5 on. It also runs every family this
// build has (ENABLE_<family>, set by CMakeLists.txt when the family has images).
#include "../common/family.cuh"

#if EXAMPLE_GUARDED && defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 750
#error "ops.cu needs compute capability 7.5 or newer"
#endif

int vllm_like_scaled_mm_sm90();
int vllm_like_marlin();
int vllm_like_fp4_sm100();
int vllm_like_fp8_sm120();
int vllm_like_allspark();
int vllm_like_moe();

bool vllm_like_have_device() { return have_device(); }

int vllm_like_run_all() {
    int failures = run_family<1>("ops");
#ifdef ENABLE_SCALED_MM_SM90
    failures += vllm_like_scaled_mm_sm90();
#endif
#ifdef ENABLE_MARLIN
    failures += vllm_like_marlin();
#endif
#ifdef ENABLE_FP4_SM100
    failures += vllm_like_fp4_sm100();
#endif
#ifdef ENABLE_FP8_SM120
    failures += vllm_like_fp8_sm120();
#endif
#ifdef ENABLE_ALLSPARK
    failures += vllm_like_allspark();
#endif
#ifdef ENABLE_MOE
    failures += vllm_like_moe();
#endif
    return failures;
}
