# SPDX-License-Identifier: Apache-2.0
# Issue 45: one list per target on every CMake release. Each folder's cases configure and
# build with the real nvcc (CASE_NVCC) and list the built files' images with the CLI
# (CASE_CUDAARCH, `cudaarch inspect`), as cmake.downstream.<folder>; left out without nvcc. A
# case that needs CMake 3.19 skips (CUDAARCH-SKIP) on an older one. The printed lines are
# those every release prints alike (no report line of the polyfill, which only some print), so
# one expected file holds for each; with another release's CMake:
#   <cmake> -DWORK_DIR=<dir> -DEXPECT_CASES=<this folder>/<case> -DCASE_NVCC=<nvcc>
#           -DCASE_CUDAARCH=<build>/src/cudaarch -P tests/cmake/run_cases.cmake
_cudaarch_downstream_nvcc_cases(polyfill own_list fix_lines every_source linked_modules verify_flags)
