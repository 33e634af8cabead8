# SPDX-License-Identifier: Apache-2.0
# Configures tests/cmake/size_budget/project against this build of CudaArch and builds each
# library's budget step: the tight one fails the build, the roomy one passes, the WARN one
# warns and passes, a bad size fails it even with WARN; what each printed is compared exactly (paths made relative, the script's
# line numbers dropped). Then the command's errors, in projects without a language.
#   cmake -DSOURCE_DIR=<repo> -DBUILD_DIR=<CudaArch build> -DWORK_DIR=<dir> -DNVCC=<nvcc> -P run_project.cmake
cmake_minimum_required(VERSION 3.18)
file(REMOVE_RECURSE "${WORK_DIR}")
set(failed "")

include("${CMAKE_CURRENT_LIST_DIR}/../project_errors.cmake")

set(project "${WORK_DIR}/project")
run("${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/cmake/size_budget/project" -B "${project}" -G Ninja
    "-DCudaArch_DIR=${BUILD_DIR}" "-DCMAKE_CUDA_COMPILER=${NVCC}" "-DKERNEL=${SOURCE_DIR}/tests/inspect/fixtures/k.cu")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configure failed:\n${out}")
endif()
run("${CMAKE_COMMAND}" --build "${project}" --target k)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "build failed:\n${out}")
endif()

# What the budget step printed: from its first line to the end, without Ninja's last line.
foreach(library IN ITEMS tight roomy warned bad_size)
  run("${CMAKE_COMMAND}" --build "${project}" --target cudaarch_size_budget_${library})
  string(REPLACE "${project}/" "" out "${out}")
  string(REGEX REPLACE "at [^\n]*/cmake/cudaarch/internal/size_budget\\.cmake:[0-9]+" "at <cudaarch>/internal/size_budget.cmake:<line>" out "${out}")
  string(FIND "${out}" "cudaarch_size_budget: " at)
  set(message "")
  if(NOT at EQUAL -1)
    string(SUBSTRING "${out}" ${at} -1 message)
    string(REGEX REPLACE "ninja: build stopped[^\n]*\n" "" message "${message}")
    string(STRIP "${message}" message)
    string(APPEND message "\n")
  endif()
  set(got_${library} "rc ${rc}\n${message}")
endforeach()
set(expected_tight [=[rc 1
cudaarch_size_budget: tight: libtight.a is over its size budget:
libtight.a (archive): 18552 bytes; device code 10032 stored, 10032 uncompressed (2 images); host 8520
total: 1 file, 18552 bytes; device code 10032 stored, 10032 uncompressed (2 images); host 8520
budget: device code 10032 bytes stored, at most 1KB (1000 bytes): over by 9032
largest images over the budget (dropping one saves its stored bytes):
  IMAGE          STORED  FILE
  sm_90            5320  libtight.a
  sm_80            4712  libtight.a

CMake Error at <cudaarch>/internal/size_budget.cmake:<line> (message):
  cudaarch_size_budget: tight is over its size budget
]=])
set(expected_roomy "rc 0\n")
set(expected_bad_size [=[rc 1
cudaarch_size_budget: bad_size: cannot judge libbad_size.a:
cudaarch: error: --max-size: unknown unit 'XB'; accepted: B, KB, MB, GB, KiB, MiB, GiB.
usage: cudaarch size [--json] [--by arch|file|module] [--diff] [--python] [--max-size SIZE] [--per-arch SIZE] FILE|DIR...|PYTHON...

CMake Error at <cudaarch>/internal/size_budget.cmake:<line> (message):
  cudaarch_size_budget: bad_size: the budget cannot be judged
]=])
set(expected_warned [=[rc 0
cudaarch_size_budget: warned: libwarned.a is over its size budget:
libwarned.a (archive): 18552 bytes; device code 10032 stored, 10032 uncompressed (2 images); host 8520
total: 1 file, 18552 bytes; device code 10032 stored, 10032 uncompressed (2 images); host 8520
budget: device code 10032 bytes stored, at most 1GB (1000000000 bytes): within, 999989968 to spare
budget: architecture 90 5320 bytes stored, at most 5kb (5000 bytes) per architecture: over by 320
largest images over the budget (dropping one saves its stored bytes):
  IMAGE          STORED  FILE
  sm_90            5320  libwarned.a

CMake Warning at <cudaarch>/internal/size_budget.cmake:<line> (message):
  cudaarch_size_budget: warned is over its size budget (WARN)
]=])
# Built again: a step over the budget has no stamp and fails again; one within it is not rerun.
run("${CMAKE_COMMAND}" --build "${project}" --target cudaarch_size_budget_tight)
if(NOT rc EQUAL 1 OR NOT out MATCHES "cudaarch_size_budget: tight is over its size budget")
  string(APPEND failed "tight, built again: expected it to fail again, got rc ${rc}:\n${out}\n")
endif()
run("${CMAKE_COMMAND}" --build "${project}" --target cudaarch_size_budget_roomy)
if(NOT rc EQUAL 0 OR out MATCHES "size budget")
  string(APPEND failed "roomy, built again: expected no step to run, got rc ${rc}:\n${out}\n")
endif()
# A new budget reruns the step, though the file did not change.
run("${CMAKE_COMMAND}" "-DROOMY_MAX=1KB" "${project}")
run("${CMAKE_COMMAND}" --build "${project}" --target cudaarch_size_budget_roomy)
if(NOT rc EQUAL 1 OR NOT out MATCHES "at most 1KB \\(1000 bytes\\): over by")
  string(APPEND failed "roomy, its budget tightened: expected it to fail, got rc ${rc}:\n${out}\n")
endif()

foreach(library IN ITEMS tight roomy warned bad_size)
  if(NOT got_${library} STREQUAL expected_${library})
    string(APPEND failed "${library}:\n  expected [${expected_${library}}]\n  got      [${got_${library}}]\n")
  endif()
endforeach()

# Errors, at configure time, in projects without a language; each message up to its first ';'.
set(errors
  "cudaarch_size_budget()" "cudaarch_size_budget: missing <target>"
  "cudaarch_size_budget(app)" "cudaarch_size_budget: missing MAX"
  "cudaarch_size_budget(nope MAX 1MB)" "cudaarch_size_budget: 'nope' is not a target"
  "cudaarch_size_budget(app MAX 1MB BOGUS)" "cudaarch_size_budget: unknown argument 'BOGUS'"
  "cudaarch_size_budget(app MAX)" "cudaarch_size_budget: MAX needs a value"
  "cudaarch_size_budget(app MAX 1MB PER_ARCH)" "cudaarch_size_budget: PER_ARCH needs a value"
  "cudaarch_size_budget(iface MAX 1MB)" "cudaarch_size_budget: 'iface' is a INTERFACE_LIBRARY, which builds no single file to inspect"
  "cudaarch_size_budget(app MAX 1MB)\ncudaarch_size_budget(app MAX 2MB)" "cudaarch_size_budget: 'app' has a budget already (cudaarch_size_budget_app)")
expect_configure_errors(failed "${WORK_DIR}" "${BUILD_DIR}"
  "add_executable(app IMPORTED)\nset_target_properties(app PROPERTIES IMPORTED_LOCATION /nonexistent/app)\nadd_library(iface INTERFACE)"
  ${errors})

if(failed)
  message(FATAL_ERROR "${failed}")
endif()
