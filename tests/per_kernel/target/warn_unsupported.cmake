# SPDX-License-Identifier: Apache-2.0
# A project-supported list, SASS only, warning for the request's images it leaves out
# (CUTLASS); the target is built for the rest.
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("75-real;80;90a-real;120-real")
cudaarch_target_architectures(k SUPPORTED 8.0 8.6 8.9 9.0 9.0a 10.0 10.0a KEEP EMBED SASS WARN_UNSUPPORTED
  COMPILER "${nvcc}")
target_print()
