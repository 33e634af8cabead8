# SPDX-License-Identifier: Apache-2.0
# Runs the shared notation vectors through the CMake implementation:
#   cmake -DVECTORS=<notation.tsv> -P run_notation_vectors.cmake
# Prints one line per failing row and "N vectors, M failed"; fails when any row fails or
# when no row ran. The format of the file is described at its top.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/vectors.cmake")

vector_inputs(notation)

function(run_row line dialect format input expect expected_warnings)
  if(dialect STREQUAL "-")
    set(dialect "")
  endif()
  string(REPLACE "\\t" "\t" input "${input}")
  string(REPLACE "\\n" "\n" input "${input}")
  _cudaarch_format_impl(output warnings error "${format}" "${dialect}" "${input}")
  check_vector(${line} "${dialect} ${format} '${input}'" "${expect}" "${expected_warnings}"
               "${output}" "${error}" "${warnings}")
endfunction()

for_each_vector("${VECTORS}" run_row)
finish_vectors()
