# SPDX-License-Identifier: Apache-2.0
# Issue 44, items 2, 3, 8, 9 and 10: several calls, the project's own Ninja pools, fleets,
# option checks and script mode (the build tree's package, its CudaArchConfig.cmake, in
# cmake -P). Each folder's cases run with the CMake building this project
# (tests/cmake/run_cases.cmake), as cmake.downstream.<folder>, and those of the downstream
# matrix (CMakeLists.txt) with its releases too.
_cudaarch_downstream_cases(two_calls side_by_side job_pools fleet_comma fleet_preset options superbuild script_mode)
