# SPDX-License-Identifier: Apache-2.0
# SASS for each image, PTX for the highest only, whatever the user's list (bitsandbytes).
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("75;86-virtual;90")
cudaarch_target_architectures(k MINIMUM 7.5 KEEP EMBED HIGHEST_PTX COMPILER "${nvcc}")
target_print()
