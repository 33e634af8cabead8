# SPDX-License-Identifier: Apache-2.0
# A default that applies only when the user set nothing (cuda-samples' "this list unless the
# user set one") is cudaarch_set_architectures' DEFAULT; the target keeps the user's list.
set(CMAKE_CUDA_ARCHITECTURES "86-real;90a-real")
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("75;80;86;89;90;100;120")
cudaarch_target_architectures(k MINIMUM 7.5 KEEP COMPILER "${nvcc}")
target_print()
