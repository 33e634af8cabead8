// SPDX-License-Identifier: Apache-2.0
// Launches every kernel family _C holds on GPU 0 and checks its result: exit 0 when each ran
// or had no image for this GPU (and said so), 1 when one failed, 77 without a GPU (a skip).
#include <cstdio>

int vllm_like_run_all();
bool vllm_like_have_device();

int main() {
    if (!vllm_like_have_device()) return 77;  // CTest's SKIP_RETURN_CODE
    const int failures = vllm_like_run_all();
    std::printf("%s\n", failures == 0 ? "all families ok" : "some families FAILED");
    return failures == 0 ? 0 : 1;
}
