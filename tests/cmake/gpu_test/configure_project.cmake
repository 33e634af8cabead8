# SPDX-License-Identifier: Apache-2.0
# For the scripts that run a configured GPU test project: configure_gpu_project configures
# SOURCE in WORK_DIR/build against the CudaArch build tree with CUDAARCH_GPUS=<gpus> (what
# cudaarch_write_resource_spec sees), fresh, and sets `build` to that directory.
include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")

function(configure_gpu_project gpus)
  set(build "${WORK_DIR}/build")
  file(REMOVE_RECURSE "${build}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env "CUDAARCH_GPUS=${gpus}"
                          "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${build}" -G "${GENERATOR}" "-DCudaArch_DIR=${CUDAARCH_BUILD_DIR}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  check_equal(configure "${rc}" 0)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${out}${err}")
  endif()
  set(build "${build}" PARENT_SCOPE)
endfunction()

# ctest's per-test results in <output>, as "<test>=<result>" in ctest's order.
function(ctest_results out_var output)
  string(REGEX MATCHALL "Test +#[0-9]+: [a-z_]+ [.]+[*]* *[A-Za-z ]+[A-Za-z]" lines "${output}")
  set(results "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "Test +#[0-9]+: ([a-z_]+) [.]+[*]* *([A-Za-z ]*[A-Za-z])" "\\1=\\2" line "${line}")
    list(APPEND results "${line}")
  endforeach()
  set(${out_var} "${results}" PARENT_SCOPE)
endfunction()
