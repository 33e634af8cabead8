# SPDX-License-Identifier: Apache-2.0
# Issue 44, items 1, 4, 5, 6 and 7: toolchain files (vcpkg, conan), the user's value and the
# cache, the compiler CMake uses, optional CUDA, a call inside a function. Each folder's cases
# run with the CMake building this project (tests/cmake/run_cases.cmake), as
# cmake.downstream.<folder>, and those of the downstream matrix (CMakeLists.txt) with its
# releases too; those that need the real nvcc are left out without one, and toolchain_conan
# skips (CUDAARCH-SKIP) without conan.
_cudaarch_downstream_cases(cache function toolchain_vcpkg toolchain_conan torch_env)
_cudaarch_downstream_nvcc_cases(compiler optional_cuda)
