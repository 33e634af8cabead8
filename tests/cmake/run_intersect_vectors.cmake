# SPDX-License-Identifier: Apache-2.0
# Runs the shared per-kernel vectors through the CMake engine (internal/intersect.cmake),
# each row against a fake nvcc that replays its fixture (tests/toolkits/fixtures):
#   cmake [-DVECTORS=<intersect.tsv>] [-DWORK_DIR=<dir>] -P run_intersect_vectors.cmake
# Prints one line per failing row and "N vectors, M failed"; fails when any row fails or
# when no row ran. The format of the file is described at its top.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/vectors.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch/internal/intersect.cmake")

vector_inputs(intersect)

function(run_row line fixture request kind value expect unused)
  vector_fixture_nvcc(nvcc "${fixture}")
  set(supported "")
  set(minimum "")
  # SUPPORTED or MINIMUM, then the kernel's shape words: NO_PTX, KEEP, EMBED=<form>,
  # SUFFIX=<spec, ','-parted> (tests/unit/kernel_shape_words.hpp reads them for the C++ engine).
  string(REPLACE " " ";" words "${kind}")
  list(POP_FRONT words kind)
  set(no_ptx FALSE)
  set(keep FALSE)
  set(embed "")
  set(suffix "")
  foreach(word IN LISTS words)
    if(word STREQUAL "NO_PTX")
      set(no_ptx TRUE)
    elseif(word STREQUAL "KEEP")
      set(keep TRUE)
    elseif(word MATCHES "^EMBED=(.*)$")
      set(embed "${CMAKE_MATCH_1}")
    elseif(word MATCHES "^SUFFIX=(.*)$")
      string(REPLACE "," ";" suffix "${CMAKE_MATCH_1}")
    else()
      message(FATAL_ERROR "line ${line}: unknown shape word ${word}")
    endif()
  endforeach()
  _cudaarch_kernel_shape(shape cudaarch_intersect ${no_ptx} ${keep} "${embed}" "${suffix}" FALSE)
  if(kind STREQUAL "MINIMUM")
    set(minimum "${value}")
  else()
    set(supported "${value}")
  endif()
  _cudaarch_kernel_architectures(output request left chosen cudaarch_intersect "${supported}" "${minimum}" "${shape}"
    "${request}" "" "${nvcc}" "")
  check_vector(${line} "${fixture} '${request}' ${kind} '${value}'" "${expect}" "" "${output}" "" "")
endfunction()

for_each_vector("${VECTORS}" run_row COLUMNS 5)
finish_vectors()
