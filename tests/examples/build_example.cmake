# SPDX-License-Identifier: Apache-2.0
# Configures, builds and tests one example against this build tree's CudaArch package.
#   cmake -DEXAMPLE=<dir> -DPACKAGE_DIR=<CudaArch build> -DWORK_DIR=<dir> [-DARCHITECTURES=<spec>]
#         [-DEXPECT=<line>] [-DGENERATOR=<generator, default Ninja>] [-DARGS=<-D...;...>]
#         [-DMODULES_OF=<file in the build> -DMODULES=<...> -DCUDAARCH=<cudaarch> -DCUOBJDUMP=<cuobjdump>]
#         -P build_example.cmake
# MODULES: the images of each module the built file must hold (check_modules.cmake).
# The example's own tests include cudaarch_add_verify_test, which fails when the built
# binary holds other images than the resolved list; EXPECT is a report line to find. Its
# GPU tests run only for native: another preset need not include this machine's GPU.
cmake_minimum_required(VERSION 3.18)
if(NOT DEFINED GENERATOR)  # CMake's default on Linux is Unix Makefiles; the suite's is Ninja
  set(GENERATOR Ninja)
endif()
set(args -S "${EXAMPLE}" -B "${WORK_DIR}" -G "${GENERATOR}" "-DCudaArch_DIR=${PACKAGE_DIR}")
if(DEFINED ARCHITECTURES)
  list(APPEND args "-DCUDAARCH_ARCHITECTURES=${ARCHITECTURES}")
endif()
list(APPEND args ${ARGS})
file(REMOVE_RECURSE "${WORK_DIR}")
foreach(step IN ITEMS configure build test)
  if(step STREQUAL "configure")
    set(command "${CMAKE_COMMAND}" ${args})
  elseif(step STREQUAL "build")
    set(command "${CMAKE_COMMAND}" --build "${WORK_DIR}")
  else()
    set(command "${CMAKE_CTEST_COMMAND}" --test-dir "${WORK_DIR}" --output-on-failure)
    if(NOT ARCHITECTURES STREQUAL "native")
      list(APPEND command -LE gpu)
    endif()
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${step} failed:\n${out}${err}")
  endif()
  if(step STREQUAL "configure" AND DEFINED EXPECT)
    string(FIND "${out}" "${EXPECT}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "expected '${EXPECT}' in:\n${out}")
    endif()
  endif()
  message("${out}")
endforeach()
if(DEFINED MODULES_OF)
  execute_process(COMMAND "${CMAKE_COMMAND}" "-DFILE=${WORK_DIR}/${MODULES_OF}" "-DCUDAARCH=${CUDAARCH}"
                  "-DCUOBJDUMP=${CUOBJDUMP}" "-DEXPECT=${MODULES}" -P "${CMAKE_CURRENT_LIST_DIR}/check_modules.cmake"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the modules of ${MODULES_OF} are not as expected")
  endif()
endif()
