# SPDX-License-Identifier: Apache-2.0
# A broken data file stops the first public command called, named: the database is read
# through the argument checker, under that command's name (the diagnostics keep a message's
# first line; the second names the record). The modules are copied beside a data file of one
# short record.
get_filename_component(modules "${CUDAARCH_MODULE}/../cudaarch" ABSOLUTE)
file(COPY "${modules}" DESTINATION "${CMAKE_CURRENT_BINARY_DIR}/broken_database/cmake")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/broken_database/cmake/data/cuda-architectures.txt" "cc|7.5|Turing\n")
include("${CMAKE_CURRENT_BINARY_DIR}/broken_database/cmake/cudaarch/cudaarch_format.cmake")
cudaarch_format(out CMAKE 75)
