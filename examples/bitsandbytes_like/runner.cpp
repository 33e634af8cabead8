// SPDX-License-Identifier: Apache-2.0
// Launches the quantization kernel bitsandbytes holds on GPU 0 and checks its result: exit 0
// when it ran or had no image for this GPU (and said so), 1 when it failed, 77 without a GPU.
#include <cstdio>

int bitsandbytes_like_run();
bool bitsandbytes_like_have_device();

int main() {
    if (!bitsandbytes_like_have_device()) return 77;  // CTest's SKIP_RETURN_CODE
    const int failures = bitsandbytes_like_run();
    std::printf("%s\n", failures == 0 ? "all kernels ok" : "some kernels FAILED");
    return failures == 0 ? 0 : 1;
}
