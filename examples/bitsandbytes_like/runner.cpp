// SPDX-License-Identifier: Apache-2.0
// Launches the quantization kernel bitsandbytes holds on GPU 0 and checks its result
// (bitsandbytes_like_run says what its status means).
int bitsandbytes_like_run();

int main() { return bitsandbytes_like_run(); }
