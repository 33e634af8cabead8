# SPDX-License-Identifier: Apache-2.0
# Runs tests/vectors/cmake_release_note.tsv through the CMake twin of cmake_release_note(),
# _cudaarch_cmake_release_note, which the configure report's fix lines use.
#   cmake [-DVECTORS=<cmake_release_note.tsv>] -P run_cmake_release_note_vectors.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/vectors.cmake")

vector_inputs(cmake_release_note)

function(run_row line list value expect unused)
  _cudaarch_cmake_release_note(note "${list}" "${value}")
  if(expect STREQUAL "-")
    set(expect "")
  endif()
  check_vector(${line} "'${list}' printed as '${value}'" "=${expect}" "" "${note}" "" "")
endfunction()

for_each_vector("${VECTORS}" run_row COLUMNS 3)
finish_vectors()
