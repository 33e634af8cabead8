# SPDX-License-Identifier: Apache-2.0
# "A|B": the first alternative the nvcc builds, named in the report (issue 39).
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("75-real;80-real")
cudaarch_target_architectures(k SUPPORTED "7.0|7.5 6.1|8.0" 7.0|7.2 COMPILER "${nvcc}")
target_print()
