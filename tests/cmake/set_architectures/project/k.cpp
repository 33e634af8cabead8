// SPDX-License-Identifier: Apache-2.0
// A source for the target whose CUDA properties the test reads.
int k() { return 0; }
