# SPDX-License-Identifier: Apache-2.0
# Runs the shared fleet-selection vectors through _cudaarch_select, each row against a fake
# nvcc that replays its fixture (tests/toolkits/fixtures):
#   cmake [-DVECTORS=<select.tsv>] [-DWORK_DIR=<dir>] -P run_select_vectors.cmake
# The format of the file is described at its top.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/vectors.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch/internal/select.cmake")

vector_inputs(select)

function(run_row line fixture mode gpus expect warnings)
  vector_fixture_nvcc(nvcc "${fixture}")
  string(REPLACE "<nvcc>" "${nvcc}" expect "${expect}")
  set(ptx FALSE)
  if(mode MATCHES "^(.*)\\+ptx$")
    set(mode "${CMAKE_MATCH_1}")
    set(ptx TRUE)
  endif()
  _cudaarch_select(output runs error cudaarch_set_architectures "${mode}" ${ptx} "${nvcc}" "" ${gpus})
  check_vector(${line} "${fixture} ${mode} '${gpus}'" "${expect}" "" "${output}" "${error}" "")
endfunction()

for_each_vector("${VECTORS}" run_row)
finish_vectors()
