# SPDX-License-Identifier: Apache-2.0
# Built with Ninja: the part's report (its cudaarch-report.txt) names the superbuild's list as
# the user's request.
# CMake 3.18 (@3.18 files): CudaArch gives the CUDA targets their pool at the directory's end
# (cmake_language(DEFER), 3.19+), so there it declares none and passes no --threads, as its
# report says; the project's own pools stay.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja SHOW kernels-prefix/src/kernels-build/cudaarch-report.txt)
