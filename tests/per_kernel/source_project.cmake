# SPDX-License-Identifier: Apache-2.0
# What every case of source/ is built from: a project with the modules, ${nvcc} a fake nvcc
# 13.0, the directory request 80-real;90-real, and a library k of a.cu and b.cu. What nvcc
# builds from them is checked by examples.vllm_like (one module per source, exactly its images).
#   source_project()  ...the case's call...  source_print()
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")

macro(source_project)
  set(CUDAARCH_QUIET ON)
  include("${CUDAARCH_MODULES}/../CudaArch.cmake")
  cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
  cudaarch_set_architectures(DEFAULT "80-real;90-real" COMPILER "${nvcc}")
  enable_language(C)
  file(WRITE "${CMAKE_CURRENT_SOURCE_DIR}/a.cu" "")
  file(WRITE "${CMAKE_CURRENT_SOURCE_DIR}/b.cu" "")
  add_library(k STATIC a.cu b.cu)
  set_target_properties(k PROPERTIES LINKER_LANGUAGE C)
endmacro()

# source_print(): k's properties, each source's options, definitions and HEADER_FILE_ONLY, and
# the report's target lines, as RESULT lines.
function(source_print)
  get_target_property(archs k CUDA_ARCHITECTURES)
  get_target_property(own k CUDAARCH_ARCHITECTURES)
  get_target_property(per_source k CUDAARCH_SOURCE_ARCHITECTURES)
  string(REPLACE "${CMAKE_CURRENT_SOURCE_DIR}/" "" per_source "${per_source}")
  message(STATUS "RESULT [${archs}] [${own}] [${per_source}]")
  foreach(source a.cu b.cu)
    get_source_file_property(options ${source} COMPILE_OPTIONS)
    get_source_file_property(definitions ${source} COMPILE_DEFINITIONS)
    get_source_file_property(header ${source} HEADER_FILE_ONLY)
    message(STATUS "RESULT ${source} [${options}] [${definitions}] [${header}]")
  endforeach()
  file(STRINGS "${CMAKE_BINARY_DIR}/cudaarch-report.txt" lines REGEX "^target ")
  foreach(line IN LISTS lines)
    message(STATUS "RESULT ${line}")
  endforeach()
endfunction()
