// SPDX-License-Identifier: Apache-2.0
// A translation unit without kernels: nvcc's link step still adds a module, and so does this
// unit's own (empty) fat binary. Neither has anything to launch.
int host_only_answer() { return 42; }
