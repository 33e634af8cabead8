# SPDX-License-Identifier: Apache-2.0
# With the real nvcc (CASE_NVCC) first on PATH, the same project validates against it and
# builds the CUDA library, with Ninja and with Unix Makefiles, its compile given the flags of
# sm_80.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_path_without_nvcc(path)
get_filename_component(bin "${CASE_NVCC}" DIRECTORY)
foreach(generator IN ITEMS Ninja "Unix Makefiles")
  string(REPLACE " " "_" build "${generator}")
  message(STATUS "GENERATOR ${generator}")
  set_architectures_case(PROJECT "${CMAKE_CURRENT_LIST_DIR}" BUILD ${build}
    ENV ${downstream_unset_cuda} "PATH=${bin}:${path}" ARGS -G "${generator}")
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${CMAKE_CURRENT_BINARY_DIR}/${build}" --verbose
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(REGEX MATCHALL "--generate-code=arch=compute_[0-9]+,code=[^ \"]+" flags "${out}")  # CMake 4.4 quotes the flag
  list(REMOVE_DUPLICATES flags)
  message(STATUS "BUILD rc=${rc} ${flags}")
endforeach()
