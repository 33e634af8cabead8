// SPDX-License-Identifier: Apache-2.0
// An Ampere-and-Ada-only family (vLLM's allspark): SUPPORTED 8.0 8.6 8.9 NO_PTX, never PTX that
// a newer GPU would JIT-compile.
#include "../common/family.cuh"

#if EXAMPLE_GUARDED && defined(__CUDA_ARCH__) && (__CUDA_ARCH__ < 800 || __CUDA_ARCH__ >= 900)
#error "allspark.cu needs compute capability 8.x"
#endif

int vllm_like_allspark() { return run_family<7>("allspark"); }
