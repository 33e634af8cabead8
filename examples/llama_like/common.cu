// SPDX-License-Identifier: Apache-2.0
// The kernels every image gets. On Blackwell GeForce they use features only the 'a' images
// have, so a plain 12.x image must not be built (llama.cpp's "12.x means 12.xa").
#include "../common/family.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 750
#error "common.cu needs compute capability 7.5 or newer"
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1200 && __CUDA_ARCH__ < 1300 && !defined(__CUDA_ARCH_SPECIFIC__)
#error "common.cu needs sm_120a/sm_121a on Blackwell GeForce, not a plain or family image"
#endif

int llama_like_fp4();

bool llama_like_have_device() { return have_device(); }

int llama_like_run_all() {
    int failures = run_family<1>("common");
#ifdef GGML_LIKE_FP4
    failures += llama_like_fp4();
#endif
    return failures;
}
