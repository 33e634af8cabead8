# SPDX-License-Identifier: Apache-2.0
# cmake --preset cudaarch-fleet with CUDAARCH_FLEET=T4,A10 in the environment: Ninja, and both
# GPUs (presets schema 6: CMake 3.25+, as citizen_b.cmake registers it).
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(ENV CUDAARCH_FLEET=T4,A10 ARGS --preset cudaarch-fleet)
