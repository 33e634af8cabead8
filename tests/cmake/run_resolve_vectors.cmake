# SPDX-License-Identifier: Apache-2.0
# Runs the shared resolution vectors through _cudaarch_resolve_impl, each row against a
# fake nvcc that replays its fixture (tests/toolkits/fixtures):
#   cmake [-DVECTORS=<resolve.tsv>] [-DWORK_DIR=<dir>] -P run_resolve_vectors.cmake
# Prints one line per failing row and "N vectors, M failed"; fails when any row fails or
# when no row ran. The format of the file is described at its top.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/vectors.cmake")

vector_inputs(resolve)

function(run_row line fixture policy input expect expected_warnings)
  vector_fixture_nvcc(nvcc "${fixture}")
  string(REPLACE "<nvcc>" "${nvcc}" expect "${expect}")
  string(REPLACE "<nvcc>" "${nvcc}" expected_warnings "${expected_warnings}")
  _cudaarch_resolve_impl(output warnings error "${input}" COMMAND cudaarch_resolve COMPILER "${nvcc}"
                         POLICY "${policy}")
  check_vector(${line} "${fixture} ${policy} '${input}'" "${expect}" "${expected_warnings}"
               "${output}" "${error}" "${warnings}")
endfunction()

for_each_vector("${VECTORS}" run_row)
finish_vectors()
