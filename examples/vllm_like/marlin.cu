// SPDX-License-Identifier: Apache-2.0
// An Ampere-and-newer family (cp.async, bf16 mma): SUPPORTED 8.0+PTX, vLLM's declaration: its
// PTX at 8.0 serves every newer GPU that no SASS of the list fits.
#include "../common/family.cuh"

#if EXAMPLE_GUARDED && defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "marlin.cu needs compute capability 8.0 or newer"
#endif

int vllm_like_marlin() { return run_family<3>("marlin"); }
