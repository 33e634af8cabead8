# SPDX-License-Identifier: Apache-2.0
# Runs the shared GPU name corpus through the CMake implementation:
#   cmake -DVECTORS=<gpu_names.tsv> -P run_gpu_names_vectors.cmake
# Each name, alone, must read as its one capability. Prints one line per failing row and
# "N vectors, M failed"; fails when any row fails or when no row ran.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/vectors.cmake")

vector_inputs(gpu_names)

# A name is the SASS of its capability: 8.6 is 86-real in CMAKE format.
function(run_row line name capability source ignored)
  _cudaarch_format_impl(output warnings error CMAKE "" "${name}")
  string(REPLACE "." "" number "${capability}")
  check_vector(${line} "'${name}' (${source})" "=${number}-real" "" "${output}" "${error}" "")
endfunction()

for_each_vector("${VECTORS}" run_row COLUMNS 3)
finish_vectors()
