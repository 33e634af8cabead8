# SPDX-License-Identifier: Apache-2.0
# The user's fleet and objective win over the project's; 'f' images need CMake 4.0.2 (or
# 3.31.10 to 4.0), or the polyfill builds them (../family_polyfill/ runs this case there).
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS "-DFLEET=T4" "-DCUDAARCH_FLEET=name, compute_cap;NVIDIA B200, 10.0;NVIDIA B300, 10.3"
                       -DCUDAARCH_FLEET_OBJECTIVE=exact)
