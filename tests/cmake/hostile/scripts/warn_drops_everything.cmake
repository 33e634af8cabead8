# SPDX-License-Identifier: Apache-2.0
# Empty results stop where they arise, naming the cause.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
cudaarch_set_architectures(DEFAULT "5.2 6.1" POLICY WARN COMPILER "${nvcc}")
