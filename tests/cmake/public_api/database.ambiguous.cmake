# SPDX-License-Identifier: Apache-2.0
# Two GPU names that one key would name stop the first public command called, named: "Tesla
# T4" is also "T4" (its vendor word left out), and a record of another capability names "T4".
# Product names are keyed once every record is read; the key's record is the name's line.
get_filename_component(modules "${CUDAARCH_MODULE}/../cudaarch" ABSOLUTE)
file(COPY "${modules}" DESTINATION "${CMAKE_CURRENT_BINARY_DIR}/ambiguous_database/cmake")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/ambiguous_database/cmake/data/cuda-architectures.txt"
  "name-vendor|Tesla\ncc|7.5|Turing|10.0|-|no|-|-|Tesla T4\ncc|8.0|Ampere|11.0|-|no|-|-|T4\n")
include("${CMAKE_CURRENT_BINARY_DIR}/ambiguous_database/cmake/cudaarch/cudaarch_format.cmake")
cudaarch_format(out CMAKE 75)
