# SPDX-License-Identifier: Apache-2.0
# A value set aside that no cudaarch_set_architectures call takes stops the configure at the
# end of the top-level directory: CMake 3.19+ (cmake_language(DEFER); before, nothing can
# notice the missing call), which registers this feature.
include("${CMAKE_CURRENT_LIST_DIR}/../../placement_prelude.cmake")
placement_case(sm_90a ARGS -DNO_CALL=ON)
