# SPDX-License-Identifier: Apache-2.0
# Configures, builds and tests tests/cmake/add_verify_test/project against this build of CudaArch, and
# compares what each cudaarch_add_verify_test test printed and its result exactly; then
# checks the function's errors in projects without a language.
#   cmake -DSOURCE_DIR=<repo> -DBUILD_DIR=<CudaArch build> -DWORK_DIR=<dir> -DNVCC=<nvcc> -P run_project.cmake
cmake_minimum_required(VERSION 3.18)
file(REMOVE_RECURSE "${WORK_DIR}")
set(failed "")

include("${CMAKE_CURRENT_LIST_DIR}/../project_errors.cmake")

set(project "${WORK_DIR}/project")
run("${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/cmake/add_verify_test/project" -B "${project}" -G Ninja
    "-DCudaArch_DIR=${BUILD_DIR}" "-DCMAKE_CUDA_COMPILER=${NVCC}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configure failed:\n${out}")
endif()
run("${CMAKE_COMMAND}" --build "${project}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "build failed:\n${out}")
endif()

# Each test's output lines (ctest -V prefixes them with "<number>: "), paths made relative.
set(expected_cudaarch_verify_k_80_90 "rc 0\nlibk_80_90.a: matches sm_80 sm_90 compute_90\n")
set(expected_k_80_90_torch "rc 0\nlibk_80_90.a: matches sm_80 sm_90 compute_90\n")
set(expected_k_80_90_hopper
    "rc 1\nlibk_80_90.a: differs from sm_80 sm_90a\n  missing: sm_90a\n  extra: sm_90 compute_90\n")
set(expected_cudaarch_verify_k_80 "rc 1\nlibk_80.a: differs from sm_80 sm_86 compute_86\n  missing: sm_86 compute_86\n")
set(expected_cudaarch_verify_k_source "rc 0\nlibk_source.a: matches sm_80 sm_90a\n")
foreach(test IN ITEMS cudaarch_verify_k_80_90 k_80_90_torch k_80_90_hopper cudaarch_verify_k_80 cudaarch_verify_k_source)
  run("${CMAKE_COMMAND}" -E chdir "${project}" ctest -V -R "^${test}$")
  set(got "rc 1\n")
  if(out MATCHES "100% tests passed")
    set(got "rc 0\n")
  endif()
  string(REPLACE "${project}/" "" out "${out}")
  string(REGEX MATCHALL "\n[0-9]+: [^\n]*" lines "${out}")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^\n[0-9]+: (Test command|Working Directory|Environment variables|Test timeout)")
      string(REGEX REPLACE "^\n[0-9]+: " "" line "${line}")
      string(APPEND got "${line}\n")
    endif()
  endforeach()
  if(NOT got STREQUAL expected_${test})
    string(APPEND failed "${test}:\n  expected [${expected_${test}}]\n  got      [${got}]\n")
  endif()
endforeach()

# Errors, at configure time, in projects without a language (no compiler to look for); each
# message up to its first ';'.
set(errors
  "cudaarch_add_verify_test()" "cudaarch_add_verify_test: missing <target>"
  "cudaarch_add_verify_test(nope)" "cudaarch_add_verify_test: 'nope' is not a target"
  "cudaarch_add_verify_test(app BOGUS)" "cudaarch_add_verify_test: unknown argument 'BOGUS'"
  "cudaarch_add_verify_test(app NAME)" "cudaarch_add_verify_test: NAME needs a value"
  "cudaarch_add_verify_test(app)" "cudaarch_add_verify_test: CUDA_ARCHITECTURES of 'app' is 'native', which names no fixed list"
  "cudaarch_add_verify_test(plain)" "cudaarch_add_verify_test: 'plain' has no CUDAARCH_ARCHITECTURES or CUDA_ARCHITECTURES"
  "cudaarch_add_verify_test(iface)" "cudaarch_add_verify_test: 'iface' is a INTERFACE_LIBRARY, which builds no single file to inspect")
expect_configure_errors(failed "${WORK_DIR}" "${BUILD_DIR}"
  "add_executable(app IMPORTED)\nset_target_properties(app PROPERTIES CUDA_ARCHITECTURES native)\nadd_executable(plain IMPORTED)\nadd_library(iface INTERFACE)"
  ${errors})

if(failed)
  message(FATAL_ERROR "${failed}")
endif()
