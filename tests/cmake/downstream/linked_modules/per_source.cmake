# SPDX-License-Identifier: Apache-2.0
# The per-source variant of wide: app has hopper.cu for 9.0a (cudaarch_source_architectures);
# the library's module is judged as check judges it, no advice about -gencode options (the build
# failed: "a module holds sm_75 sm_80 sm_90 (pre_kernel(int*)), not the target's sm_80").
set(CASE_KIND per_source)
include("${CMAKE_CURRENT_LIST_DIR}/static.cmake")
