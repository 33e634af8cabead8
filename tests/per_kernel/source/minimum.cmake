# SPDX-License-Identifier: Apache-2.0
# The target's own list as b.cu's: it keeps its items when the rest's are renewed.
include("${CMAKE_CURRENT_LIST_DIR}/../source_project.cmake")
source_project()
cudaarch_source_architectures(k SOURCES b.cu MINIMUM 7.5 COMPILER "${nvcc}")
source_print()
