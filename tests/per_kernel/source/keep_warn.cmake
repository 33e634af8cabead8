# SPDX-License-Identifier: Apache-2.0
# KEEP, EMBED and WARN_UNSUPPORTED on sources (issue 39 item 5): the target's 90-real is not in
# the sources' list, so it warns and builds them for 80 as SASS and PTX.
include("${CMAKE_CURRENT_LIST_DIR}/../source_project.cmake")
source_project()
cudaarch_source_architectures(k SOURCES b.cu SUPPORTED 8.0 9.0a KEEP EMBED SASS_PTX WARN_UNSUPPORTED COMPILER "${nvcc}")
source_print()
