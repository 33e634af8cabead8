// SPDX-License-Identifier: Apache-2.0
// An Ampere-and-newer family (cp.async, bf16 mma): MINIMUM 8.0.
#include "../common/family.cuh"

#if EXAMPLE_GUARDED && defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "marlin.cu needs compute capability 8.0 or newer"
#endif

int vllm_like_marlin() { return run_family<3>("marlin"); }
