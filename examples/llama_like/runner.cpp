// SPDX-License-Identifier: Apache-2.0
// Launches the kernels ggml_cuda holds on GPU 0 and checks their results: exit 0 when each ran
// or had no image for this GPU (and said so), 1 when one failed, 77 without a GPU (a skip).
#include <cstdio>

int llama_like_run_all();
bool llama_like_have_device();

int main() {
    if (!llama_like_have_device()) return 77;  // CTest's SKIP_RETURN_CODE
    const int failures = llama_like_run_all();
    std::printf("%s\n", failures == 0 ? "all kernels ok" : "some kernels FAILED");
    return failures == 0 ? 0 : 1;
}
