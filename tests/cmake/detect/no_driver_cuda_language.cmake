# SPDX-License-Identifier: Apache-2.0
# The case no_driver_nvcc, its project configured as this case's name says (configure_probe_build).
include("${CMAKE_CURRENT_LIST_DIR}/no_driver_nvcc.cmake")
