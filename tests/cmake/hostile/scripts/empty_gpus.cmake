# SPDX-License-Identifier: Apache-2.0
# Empty results stop where they arise, naming the cause.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
set(ENV{CUDAARCH_GPUS} ";;")
cudaarch_detect(gpus)
