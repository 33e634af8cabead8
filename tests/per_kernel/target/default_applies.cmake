# SPDX-License-Identifier: Apache-2.0
# The same project with nothing set by the user: DEFAULT is the request.
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("75;80;86;89;90;100;120")
cudaarch_target_architectures(k MINIMUM 7.5 KEEP COMPILER "${nvcc}")
target_print()
