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
  # SUPPORTED or MINIMUM, with " NO_PTX" after it for a kernel that gets no PTX.
  set(no_ptx FALSE)
  if(kind MATCHES "^(.*) NO_PTX$")
    set(kind "${CMAKE_MATCH_1}")
    set(no_ptx TRUE)
  endif()
  if(kind STREQUAL "MINIMUM")
    set(minimum "${value}")
  else()
    set(supported "${value}")
  endif()
  _cudaarch_kernel_architectures(output request left chosen cudaarch_intersect "${supported}" "${minimum}" ${no_ptx}
    "${request}" "" "${nvcc}" "")
  check_vector(${line} "${fixture} '${request}' ${kind} '${value}'" "${expect}" "" "${output}" "" "")
endfunction()

for_each_vector("${VECTORS}" run_row COLUMNS 5)
finish_vectors()
