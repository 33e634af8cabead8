# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../source_project.cmake")
source_project()
cudaarch_source_architectures(k SOURCES b.cu SUPPORTED 8.0 9.0a COMPILER "${nvcc}")
source_print()
