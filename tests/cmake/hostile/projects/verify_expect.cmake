# SPDX-License-Identifier: Apache-2.0
# EXPECT is read at configure time, not when the test runs.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
add_executable(CudaArch::cudaarch IMPORTED)
add_executable(app IMPORTED)
cudaarch_add_verify_test(app EXPECT sm_8.6)
