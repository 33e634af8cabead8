# SPDX-License-Identifier: Apache-2.0
# Configures, builds and tests one example against this build tree's CudaArch package.
#   cmake -DEXAMPLE=<dir> -DPACKAGE_DIR=<CudaArch build> -DWORK_DIR=<dir> [-DARCHITECTURES=<spec>]
#         [-DEXPECT=<line>] [-DGENERATOR=<generator, default Ninja>] [-DARGS=<-D...;...>]
#         [-DEXPECT_BUILD=<line>] [-DGPU_TESTS=ON]
#         [-DMODULES_OF=<file in the build> -DMODULES=<...> -DCUDAARCH=<cudaarch> -DCUOBJDUMP=<cuobjdump>]
#         -P build_example.cmake
# MODULES: the images of each module the built file must hold (check_modules.cmake).
# The example's own tests include cudaarch_add_verify_test, which fails when the built
# binary holds other images than the resolved list; EXPECT is a report line to find,
# EXPECT_BUILD a line each build prints (VERIFY's). Its GPU tests run only for native, or
# with GPU_TESTS=ON for an example whose runner passes on any GPU (it says which kernels have
# no image for it): another preset need not include this machine's GPU. Under Ninja Multi-Config the example
# is configured once for Debug and Release, then built and tested in each.
cmake_minimum_required(VERSION 3.18)
if(NOT DEFINED GENERATOR)  # CMake's default on Linux is Unix Makefiles; the suite's is Ninja
  set(GENERATOR Ninja)
endif()
set(args -S "${EXAMPLE}" -B "${WORK_DIR}" -G "${GENERATOR}" "-DCudaArch_DIR=${PACKAGE_DIR}")
if(DEFINED ARCHITECTURES)
  list(APPEND args "-DCUDAARCH_ARCHITECTURES=${ARCHITECTURES}")
endif()
set(configs default)  # the one configuration of a single-configuration generator
list(APPEND args ${ARGS})
file(REMOVE_RECURSE "${WORK_DIR}")
if(GENERATOR STREQUAL "Ninja Multi-Config")
  set(configs Debug Release)
  # A list in a -D argument would be split on its way through a CMake list: a preload file.
  file(WRITE "${WORK_DIR}-configs.cmake" "set(CMAKE_CONFIGURATION_TYPES Debug Release CACHE STRING \"\")\n")
  list(APPEND args -C "${WORK_DIR}-configs.cmake")
endif()

# step(<what> <directory to run in> <command>...)
function(step what dir)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY "${dir}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed:\n${out}${err}")
  endif()
  message("${out}")
  set(out "${out}" PARENT_SCOPE)
endfunction()

step(configure "${CMAKE_CURRENT_BINARY_DIR}" "${CMAKE_COMMAND}" ${args})
if(DEFINED EXPECT)
  string(FIND "${out}" "${EXPECT}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected '${EXPECT}' in:\n${out}")
  endif()
endif()
set(gpu_tests "")
if(NOT ARCHITECTURES STREQUAL "native" AND NOT GPU_TESTS)
  set(gpu_tests -LE gpu)
endif()
foreach(config IN LISTS configs)
  set(build_config "")
  set(test_config "")
  if(NOT config STREQUAL "default")
    set(build_config --config ${config})
    set(test_config -C ${config})
  endif()
  step("build ${config}" "${WORK_DIR}" "${CMAKE_COMMAND}" --build "${WORK_DIR}" ${build_config})
  if(DEFINED EXPECT_BUILD)
    string(FIND "${out}" "${EXPECT_BUILD}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "expected '${EXPECT_BUILD}' in the build ${config}:\n${out}")
    endif()
  endif()
  # In the build folder rather than --test-dir, which CTest has from 3.20 on only.
  step("test ${config}" "${WORK_DIR}" "${CMAKE_CTEST_COMMAND}" --output-on-failure ${test_config} ${gpu_tests})
endforeach()
if(DEFINED MODULES_OF)
  execute_process(COMMAND "${CMAKE_COMMAND}" "-DFILE=${WORK_DIR}/${MODULES_OF}" "-DCUDAARCH=${CUDAARCH}"
                  "-DCUOBJDUMP=${CUOBJDUMP}" "-DEXPECT=${MODULES}" -P "${CMAKE_CURRENT_LIST_DIR}/check_modules.cmake"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the modules of ${MODULES_OF} are not as expected")
  endif()
endif()
