# SPDX-License-Identifier: Apache-2.0
# Configures and builds tests/per_kernel/source_build with the CMake running this script and
# the real nvcc, and checks that libk.so holds one module per file with exactly its images:
# all.cu sm_80 sm_90, hopper.cu sm_90a (../examples/check_modules.cmake). From CMake 3.19 the
# same build runs VERIFY, which must pass k and k_dlink and fail each wrong library with its
# message.
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -DNVCC=<nvcc> -DCUDAARCH=<cudaarch>
#         -DCUDAARCH_DIR=<CudaArch build tree> [-DGENERATOR=<generator, default Ninja>] -P build_source.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../cmake/add_verify_test/build_log.cmake")
if(NOT DEFINED GENERATOR)
  set(GENERATOR Ninja)
endif()
set(verify OFF)
if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.19)  # VERIFY needs cmake_language(DEFER)
  set(verify ON)
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/per_kernel/source_build" -B "${WORK_DIR}"
                        -G "${GENERATOR}" "-DCMAKE_CUDA_COMPILER=${NVCC}" "-DCUDAARCH_SOURCE_DIR=${SOURCE_DIR}"
                        "-DCudaArch_DIR=${CUDAARCH_DIR}" "-DVERIFY=${verify}" -DCUDAARCH_QUIET=ON
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configure failed:\n${out}${err}")
endif()
# Keep going past the wrong libraries' expected failures.
verify_build_keep_going(rc log "${CMAKE_COMMAND}" "${WORK_DIR}" "${GENERATOR}")
if(NOT verify AND NOT rc EQUAL 0)
  message(FATAL_ERROR "build failed:\n${log}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" "-DFILE=${WORK_DIR}/libk.so" "-DCUDAARCH=${CUDAARCH}"
                "-DEXPECT=sm_80 sm_90|sm_90a" -P "${SOURCE_DIR}/tests/examples/check_modules.cmake" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the modules of libk.so are not as expected")
endif()
if(NOT verify)
  return()
endif()

set(failures "")
file(STRINGS "${WORK_DIR}/cudaarch-report.txt" report REGEX "^VERIFY: ")
set(expected_report "VERIFY: 6 targets checked after each build (cudaarch_verify): k<semicolon>k_dlink<semicolon>k_override\
<semicolon>k_flags<semicolon>k_merged<semicolon>k_rdc<semicolon> module by module (architectures per source): k<semicolon>k_dlink\
<semicolon>k_override<semicolon>k_flags<semicolon>k_merged<semicolon>k_rdc")
string(REPLACE "<semicolon>" ";" expected_report "${expected_report}")
string(REPLACE "\\;" ";" report "${report}")  # file(STRINGS) escapes them
if(NOT report STREQUAL expected_report)
  string(APPEND failures "the report says [${report}], expected [${expected_report}]\n")
endif()
foreach(target IN ITEMS k k_dlink)
  if(NOT EXISTS "${WORK_DIR}/cudaarch_verify/${target}.stamp")
    string(APPEND failures "VERIFY did not pass ${target}\n")
  endif()
endforeach()
verify_failed_targets(failed "${log}")
if(NOT failed STREQUAL "k_flags;k_merged;k_override;k_rdc")
  string(APPEND failures "VERIFY failed [${failed}], expected k_flags, k_merged, k_override and k_rdc\n")
endif()
set(fix "Give a source its architectures only with cudaarch_source_architectures: no -gencode, -arch or \
--generate-code in its COMPILE_OPTIONS, the target's options or CMAKE_CUDA_FLAGS, and compile it on its own (not \
#included into another source). See docs/troubleshooting.md.")
set(expected_messages
  "cudaarch_set_architectures: VERIFY: target k_override (${WORK_DIR}/libk_override.so): source late.cu must be one module of exactly \
sm_90a (its list '90a-real'), and its module holds sm_80 sm_90a (late_kernel(int*)). ${fix}"
  "cudaarch_set_architectures: VERIFY: target k_flags (${WORK_DIR}/libk_flags.so): source late.cu must be one module of exactly \
sm_90a (its list '90a-real'), and its module holds sm_86 sm_90a (late_kernel(int*))<semicolon> a module holds sm_80 sm_86 \
sm_90 (all_kernel(int*)), not the target's sm_80 sm_90 ('80-real<semicolon>90-real'). ${fix}"
  "cudaarch_set_architectures: VERIFY: target k_merged (${WORK_DIR}/libk_merged.so): source merged.cu must be one module of exactly \
sm_90a (its list '90a-real'), and no module is (modules: sm_80 sm_90 (with_merged_kernel(int*), merged_kernel(int*))). ${fix}"
  "cudaarch_set_architectures: VERIFY: ${WORK_DIR}/libk_rdc.so lacks sm_80 sm_90 sm_90a, which its CUDA architectures \
'80-real<semicolon>90-real<semicolon>90a-real' promise (linked SASS: sm_75). Its relocatable images (separable compilation) cannot stand \
in: the device link must be given the same architectures as the compile. Target k_rdc has per-source architectures, \
which separable compilation cannot keep: its device link makes one module of every file. Give those sources a target \
of their own (cudaarch_target_architectures). See docs/troubleshooting.md.")
string(REGEX REPLACE "[ \n]+" " " flat "${log}")
foreach(message IN LISTS expected_messages)
  string(REPLACE "<semicolon>" ";" message "${message}")
  string(FIND "${flat}" "${message}" at)
  if(at EQUAL -1)
    string(APPEND failures "VERIFY did not say:\n  ${message}\n")
  endif()
endforeach()
if(failures)
  message(FATAL_ERROR "${failures}build log:\n${log}")
endif()
