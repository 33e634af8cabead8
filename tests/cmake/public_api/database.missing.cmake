# SPDX-License-Identifier: Apache-2.0
# The modules copied without their data file: the first public command called says so.
get_filename_component(modules "${CUDAARCH_MODULE}/../cudaarch" ABSOLUTE)
file(COPY "${modules}" DESTINATION "${CMAKE_CURRENT_BINARY_DIR}/broken_database/cmake")
include("${CMAKE_CURRENT_BINARY_DIR}/broken_database/cmake/cudaarch/cudaarch_supported.cmake")
cudaarch_supported(out)
