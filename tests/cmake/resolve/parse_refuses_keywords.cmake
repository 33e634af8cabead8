# SPDX-License-Identifier: Apache-2.0
# cudaarch_parse still refuses the keywords it does not expand.
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
cudaarch_parse(out "-arch=all-major" ERROR_VARIABLE err)
message(STATUS "[${err}]")
