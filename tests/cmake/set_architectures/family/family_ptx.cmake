# SPDX-License-Identifier: Apache-2.0
# Family PTX JIT-compiles only within its family, as check judges it (runs_on.tsv).
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ENV "CUDAARCH_GPUS=B200" ARGS -DDEFAULT=100f)
