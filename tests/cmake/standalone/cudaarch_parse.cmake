# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
include("${CUDAARCH_MODULES}/cudaarch_parse.cmake")
cudaarch_parse(out "7.5;8.6+PTX")
message(STATUS "RESULT [${out}]")
