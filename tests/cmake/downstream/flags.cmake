# SPDX-License-Identifier: Apache-2.0
# Issue 45 item 7 and issue 39 item 4: architecture flags beside CudaArch's list, and
# FROM_FLAGS, which takes them as the request. Each folder's cases configure with the real nvcc,
# build with Ninja and read the built file with `cudaarch inspect`, as
# cmake.downstream.<folder>; left out without nvcc.
_cudaarch_downstream_nvcc_cases(arch_flags from_flags)
