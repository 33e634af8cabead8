# SPDX-License-Identifier: Apache-2.0
# A one-value keyword given twice is an error naming both (issue 22): the last one won silently.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
cudaarch_resolve(out "7.5" FROM TORCH FROM TF COMPILER "${nvcc}")
