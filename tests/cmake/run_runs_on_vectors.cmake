# SPDX-License-Identifier: Apache-2.0
# Runs tests/vectors/runs_on.tsv through the CMake twin of runs_on() that the configure
# report uses (_cudaarch_runs_on, and _cudaarch_runs_on_driver for the rows with a driver).
# It decides the verdict and the image; the reason for "none" is the C++ side's alone, so
# only the verdict word of those rows is compared.
#   cmake [-DVECTORS=<runs_on.tsv>] -P run_runs_on_vectors.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/vectors.cmake")

vector_inputs(runs_on)

function(run_row line build gpu expect driver_columns)
  cudaarch_parse(list "${build}")
  cudaarch_parse(device "${gpu}")
  string(REGEX REPLACE "-real|-virtual" "" device "${device}")
  set(driver "")
  set(isa "")
  if(driver_columns MATCHES "^([^\n]*)\n([^\n]*)$")
    set(driver "${CMAKE_MATCH_1}")
    set(isa "${CMAKE_MATCH_2}")
  endif()
  _cudaarch_runs_on_driver(verdict image "${list}" "${device}" "${driver}" "${isa}")
  set(output "${verdict}")
  if(image)
    _cudaarch_dotted(image "${image}")
    string(APPEND output " ${image}")
  endif()
  string(REGEX REPLACE "^none .*" "none" expect "${expect}")
  check_vector(${line} "'${build}' on ${gpu}" "=${expect}" "" "${output}" "" "")
endfunction()

for_each_vector("${VECTORS}" run_row COLUMNS 3)
finish_vectors()
