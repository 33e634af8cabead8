# SPDX-License-Identifier: Apache-2.0
# Runs tests/vectors/driver_jit.tsv through the CMake twin of driver_jits() that the
# configure report uses (_cudaarch_driver_jits, _cudaarch_newest_jit_release).
#   cmake [-DVECTORS=<driver_jit.tsv>] -P run_driver_jit_vectors.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/vectors.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch/internal/driver_jit.cmake")

vector_inputs(driver_jit)

function(run_row line driver isa expect warnings)
  _cudaarch_driver_jits(answer "${driver}" "${isa}")
  _cudaarch_newest_jit_release(newest "${driver}")
  if(newest STREQUAL "")
    set(newest "-")
  endif()
  check_vector(${line} "driver ${driver}, PTX ISA ${isa}" "=${expect}" "" "${answer} ${newest}" "" "")
endfunction()

for_each_vector("${VECTORS}" run_row COLUMNS 3)
finish_vectors()
