# SPDX-License-Identifier: Apache-2.0
# Runs tests/vectors/pci_ids_names.tsv through the CMake implementation:
#   cmake -DVECTORS=<pci_ids_names.tsv> -P run_pci_ids_names_vectors.cmake
# Prints one line per failing row and "N vectors, M failed"; fails when any row fails or
# when no row ran.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/vectors.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch/internal/detect_pci.cmake")

vector_inputs(pci_ids_names)
_cudaarch_load_database()

function(run_row line name chip why ignored)
  _cudaarch_pci_ids_chip(got code "${name}")
  if(got STREQUAL "")
    set(got "-")
  endif()
  check_vector(${line} "'${name}' (${why})" "=${chip}" "" "${got}" "" "")
endfunction()

for_each_vector("${VECTORS}" run_row COLUMNS 3)
finish_vectors()
