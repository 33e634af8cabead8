# SPDX-License-Identifier: Apache-2.0
# What every case of migration/ starts with: migration_case([CROSS_CONFIGS] [USER <value>]
# [ARGS -D...]) configures tests/cmake/placement/sample (the migration recipe of
# docs/migration.md) with the real nvcc (CASE_NVCC), the CudaArch package of the build tree
# (CASE_CUDAARCH_DIR), CASE_GENERATOR (default Ninja) and the user's
# CMAKE_CUDA_ARCHITECTURES=<value> (if given), prints what set_architectures_case prints of
# the configure (nvcc's threads left out: how they are shared depends on the generator and the
# release), less what the CMake release decides, checked against the data file instead
# (set_architectures_release_lines),
# and builds it: once with a single-configuration generator, under Ninja Multi-Config in
# Debug and then in Release, or with CROSS_CONFIGS both in one cross-configuration build.
# Of each build it prints "-- BUILD <configuration>" and its lines that start with
# "CudaArch: " (the VERIFY step's), without the generator's progress ("[<n>/<total>] " of
# Ninja, "[ <n>%] " of make); a failed build fails the case.
include("${CMAKE_CURRENT_LIST_DIR}/set_architectures/configure.cmake")
get_filename_component(_migration_source "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)

function(migration_case)
  cmake_parse_arguments(PARSE_ARGV 0 a "CROSS_CONFIGS" "USER" "ARGS")
  set(generator "${CASE_GENERATOR}")
  if(NOT generator)
    set(generator Ninja)
  endif()
  set(configs default)  # the one configuration of a single-configuration generator
  set(config_args "")
  if(generator STREQUAL "Ninja Multi-Config")
    set(configs Debug Release)
    # A list in a -D argument would be split on its way through a CMake list: a preload file.
    file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/configs.cmake" "set(CMAKE_CONFIGURATION_TYPES Debug Release CACHE STRING \"\")\n")
    set(config_args -C "${CMAKE_CURRENT_BINARY_DIR}/configs.cmake")
    if(a_CROSS_CONFIGS)
      set(configs all)
      list(APPEND config_args -DCMAKE_CROSS_CONFIGS=all -DCMAKE_DEFAULT_CONFIGS=all)
    endif()
  endif()
  if(DEFINED a_USER)
    list(APPEND config_args "-DCMAKE_CUDA_ARCHITECTURES=${a_USER}")
  endif()
  set_architectures_case(RETURN run PROJECT "${_migration_source}/tests/cmake/placement/sample"
    ARGS -G "${generator}" "-DCMAKE_CUDA_COMPILER=${CASE_NVCC}" "-DCudaArch_DIR=${CASE_CUDAARCH_DIR}"
         -DCUDAARCH_NVCC_THREADS=OFF ${config_args} ${a_ARGS})
  set(lines "${run_lines}")
  set_architectures_release_lines(lines why "${a_USER}")
  foreach(config IN LISTS configs)
    if(NOT run_rc EQUAL 0)
      break()
    endif()
    set(build_config "")
    if(config MATCHES "^(Debug|Release)$")
      set(build_config --config ${config})
    endif()
    execute_process(COMMAND "${CMAKE_COMMAND}" --build "${CMAKE_CURRENT_BINARY_DIR}/build" -j 1 ${build_config}
                    RESULT_VARIABLE build_rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    string(APPEND lines "-- BUILD ${config}\n")
    string(REGEX MATCHALL "(^|\n)(\\[[ 0-9/%]+\\] )?CudaArch: [^\n]*" steps "${out}")
    foreach(step IN LISTS steps)
      string(REGEX MATCH "CudaArch: .*" step "${step}")
      string(APPEND lines "${step}\n")
    endforeach()
    if(NOT build_rc EQUAL 0)
      string(APPEND lines "-- BUILD FAILED\n")
      set(run_stderr "${run_stderr}${out}${err}")
      set(run_rc "${build_rc}")
    endif()
  endforeach()
  set_architectures_print("${lines}" "${run_stderr}" "${run_rc}")
  if(why)
    message(FATAL_ERROR "${why}")
  endif()
endfunction()
