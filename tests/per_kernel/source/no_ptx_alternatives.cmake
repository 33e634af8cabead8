# SPDX-License-Identifier: Apache-2.0
# NO_PTX and an "A|B" entry on sources, with the report naming the alternative (issue 39).
include("${CMAKE_CURRENT_LIST_DIR}/../source_project.cmake")
source_project()
cudaarch_source_architectures(k SOURCES b.cu SUPPORTED "9.0a|9.0" 8.0 NO_PTX COMPILER "${nvcc}")
source_print()
