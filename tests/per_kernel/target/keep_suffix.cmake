# SPDX-License-Identifier: Apache-2.0
# KEEP: the request's images as the user spelled them (90a stays 90a); SUFFIX: a plain 12.0
# or 12.1 image gets 'a' (llama.cpp's rule), the report naming both (issue 39 item 5).
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("86-real;90a-real;120-real")
cudaarch_target_architectures(k MINIMUM 7.5 KEEP SUFFIX 12.0a 12.1a COMPILER "${nvcc}")
target_print()
