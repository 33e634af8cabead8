# SPDX-License-Identifier: Apache-2.0
# Configure cost of cudaarch_target_architectures: targets given the same list, or the same
# support list, parse it once, so that a project's parses do not grow with its targets.
#   cmake -DWORK_DIR=<dir> -P target_parses.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../cmake/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${WORK_DIR}/fake")

# Counted in a trace of the modules, with 1 and with 3 targets.
get_filename_component(module_dir "${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch" ABSOLUTE)
file(GLOB_RECURSE modules "${module_dir}/*.cmake")
list(TRANSFORM modules PREPEND "--trace-source=")
function(count_parses out_var form targets)
  set(dir "${WORK_DIR}/target.parses_${form}_${targets}")
  file(REMOVE_RECURSE "${dir}")
  file(WRITE "${dir}/source/CMakeLists.txt" "cmake_minimum_required(VERSION 3.18)
project(parses CXX)
set(CUDAARCH_QUIET ON)
include(\"${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../cmake/CudaArch.cmake\")
cudaarch_set_architectures(DEFAULT \"8.0 8.6 9.0\" COMPILER \"${nvcc}\")
file(WRITE \"\${CMAKE_CURRENT_BINARY_DIR}/k.cpp\" \"\")
foreach(i RANGE 1 ${targets})
  add_library(k\${i} STATIC \"\${CMAKE_CURRENT_BINARY_DIR}/k.cpp\")
  if(\"${form}\" STREQUAL \"list\")
    cudaarch_target_architectures(k\${i} \${CUDAARCH_ARCHITECTURES_RESOLVED} COMPILER \"${nvcc}\")
  else()
    cudaarch_target_architectures(k\${i} SUPPORTED 8.0 9.0a COMPILER \"${nvcc}\")
  endif()
endforeach()\n")
  execute_process(COMMAND "${CMAKE_COMMAND}" ${modules} "--trace-redirect=${dir}/trace.txt"
                  -S "${dir}/source" -B "${dir}/build" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  check_equal("target.parses ${form} ${targets}: exit code" "${rc}" 0)
  file(STRINGS "${dir}/trace.txt" parses REGEX "\\): +_cudaarch_parse_impl\\(")
  list(LENGTH parses count)
  set(${out_var} ${count} PARENT_SCOPE)
endfunction()
foreach(form IN ITEMS list supported)
  count_parses(one ${form} 1)
  count_parses(three ${form} 3)
  check_equal("target.parses ${form}: parses with 3 targets against 1" "${three}" "${one}")
endforeach()

check_finish()
