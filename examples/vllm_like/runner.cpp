// SPDX-License-Identifier: Apache-2.0
// Launches every kernel family _C holds on GPU 0 and checks its result: exit 0 when each ran
// or had no image for this GPU (and said so), 1 when one failed.
#include <cstdio>

int vllm_like_run_all();

int main() {
    const int failures = vllm_like_run_all();
    std::printf("%s\n", failures == 0 ? "all families ok" : "some families FAILED");
    return failures == 0 ? 0 : 1;
}
