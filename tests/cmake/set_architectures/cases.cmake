# SPDX-License-Identifier: Apache-2.0
# cudaarch_set_architectures and cudaarch_target_architectures in configured projects:
# where the request comes from, the user's value kept, the report, the polyfill, threads.
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -DCASES=<group;...> -P cases.cmake
# The groups are the `if("<group>" IN_LIST CASES)` blocks (groups.cmake); CASES naming
# another is an error.
# Each case configures tests/cmake/set_architectures/project with a fake nvcc 13.0 (the
# recorded answers), every GPU hidden (CUDA_VISIBLE_DEVICES=-1) unless CUDAARCH_GPUS names some.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/groups.cmake")
cudaarch_test_case_groups(groups "${CMAKE_CURRENT_LIST_FILE}")
list(JOIN groups " " known)
if(NOT CASES)
  message(FATAL_ERROR "cases.cmake: no case group given; -DCASES=<group;...> from: ${known}")
endif()
foreach(group IN LISTS CASES)
  if(NOT group IN_LIST groups)
    message(FATAL_ERROR "cases.cmake: unknown case group '${group}'; the groups: ${known}")
  endif()
endforeach()
set(project "${SOURCE_DIR}/tests/cmake/set_architectures/project")
include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")
include("${SOURCE_DIR}/tests/toolkits/fixture_nvcc.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/configure.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${WORK_DIR}/fake")

# configure(<name> [PROJECT <dir>] [ENV VAR=value...] [ARGS -D...]): output in <name>_out,
# exit code in <name>_rc.
function(configure name)
  # Parsed here and passed on element by element, so that an escaped ';' stays one argument.
  cmake_parse_arguments(PARSE_ARGV 1 a "" "PROJECT" "ENV;ARGS")
  set_architectures_configure(rc out err "${SOURCE_DIR}" "${WORK_DIR}/${name}" "${nvcc}"
                              PROJECT ${a_PROJECT} ENV ${a_ENV} ARGS ${a_ARGS})
  string(REGEX REPLACE "[ \n]+" " " flat "${out}${err}")
  set(${name}_out "${flat}" PARENT_SCOPE)
  set(${name}_rc "${rc}" PARENT_SCOPE)
endfunction()

# expect(<name> <rc> <text>...): the case's exit code, and each text in its output
# (tests/cmake/testing.cmake's check_output); expect_absent(<name> <text>...): no text in it.
function(expect name rc)
  check_output("${name}" "${${name}_rc}" "${rc}" "${${name}_out}" ${ARGN})
endfunction()
function(expect_absent name)
  check_absent("${name}" "${${name}_out}" ${ARGN})
endfunction()

set(nvcc_text "(nvcc 13.0, ${nvcc})")

# The request's sources in order: order/, a case beside its files each. A preset's here:
# presets schema 6, CMake 3.25+ (CMakeLists.txt registers the group from there).
if("preset" IN_LIST CASES)
  set(dir "${WORK_DIR}/preset_source")
  file(REMOVE_RECURSE "${dir}")
  file(COPY "${project}/" DESTINATION "${dir}")
  file(WRITE "${dir}/CMakePresets.json" "{\"version\": 6,
  \"include\": [\"${SOURCE_DIR}/presets/CudaArchPresets.json\"],
  \"configurePresets\": [{\"name\": \"fleet\", \"inherits\": [\"cudaarch-all-major\"],
  \"binaryDir\": \"${WORK_DIR}/preset\", \"cacheVariables\": {
    \"CUDAARCH_TEST_NVCC\": \"${nvcc}\", \"CUDAARCH_SOURCE_DIR\": \"${SOURCE_DIR}\"}}]}\n")
  configure(preset PROJECT "${dir}" ARGS --preset fleet)
  expect(preset 0 "request 'all-major' from preset 'fleet' (CUDAARCH_ARCHITECTURES)")
endif()

# A fleet (fleet/), what the GPUs run (native/) and a target's errors (targets/), a case beside
# its files each. Those building 'a' or 'f' images here: their list reads differently in the
# CMake releases that cannot write it (the polyfill).
if("family" IN_LIST CASES)
  # The user's fleet and objective win over the project's; 'f' images need CMake 4.0.2, or
  # the polyfill builds them.
  configure(fleet_user ARGS "-DFLEET=T4" "-DCUDAARCH_FLEET=name, compute_cap;NVIDIA B200, 10.0;NVIDIA B300, 10.3"
            -DCUDAARCH_FLEET_OBJECTIVE=exact)
  expect(fleet_user 0 "from the user's CUDAARCH_FLEET" "fleet GPU NVIDIA B300 (10.3): native SASS (sm_103f), objective exact"
         "[100f-real;103f-real]")
  # Family PTX JIT-compiles only within its family, as check judges it (runs_on.tsv).
  configure(family ENV "CUDAARCH_GPUS=B200" ARGS -DDEFAULT=100f)
  expect(family 0 "-- CudaArch: forward compatibility: none beyond their families, PTX compute_100f only on the 10.x "
         "family; newer GPUs cannot run this build")
  # Where this CMake writes a suffix itself is measured by tests/cmake/rdc/cmake_alone.cmake.
  include("${SOURCE_DIR}/cmake/cudaarch/internal/apply.cmake")
  _cudaarch_cmake_can_express(writes_f 100f-real)
  _cudaarch_cmake_can_express(writes_a 90a-real)
  configure(targets ARGS -DDEFAULT=86 -DTARGET_SPEC=sm_100f)
  if(NOT writes_f)
    set(expected_property "OFF|100f-real|--generate-code=arch=compute_100f,code=sm_100f")
  else()
    set(expected_property "100f-real|100f-real|")
  endif()
  expect(targets 0 "-- TARGET [${expected_property}]")
  configure(target_a ARGS -DDEFAULT=86 -DTARGET_SPEC=9.0a)
  if(NOT writes_a)
    set(expected_property "OFF|90a-real|--generate-code=arch=compute_90a,code=sm_90a")
  else()
    set(expected_property "90a-real|90a-real|")
  endif()
  expect(target_a 0 "-- CudaArch: target k: 90a-real" "-- TARGET [${expected_property}]")
endif()

# nvcc's threads without a default count: threads/, and the report under CUDAARCH_QUIET:
# report/, a case beside its files each. What the machine decides stays here: the default
# thread count and the Ninja pool's size (from its cores; the pool is CMake 3.19+), and the
# machine-wide cache's file names (hashes of its paths; which records it keeps differs by
# CMake release).
if("machine" IN_LIST CASES)
  configure(threads ARGS -DDEFAULT=all-major)
  expect(threads 0 "-- CudaArch: nvcc --threads=" "-- THREADS [--threads=")
  # Under Ninja, the job pool limits the targets with CUDA sources only (CMake 3.19+).
  configure(ninja_pool ARGS -G Ninja -DDEFAULT=all-major -DCUDAARCH_NVCC_THREADS=2 -DPOOL_TARGETS=ON)
  if(CMAKE_VERSION VERSION_LESS 3.19)
    expect(ninja_pool 0 "-- CudaArch: nvcc --threads not used: CMake ${CMAKE_VERSION} cannot limit only the CUDA compiles (3.19+ can)")
  else()
    expect(ninja_pool 0 "targets with CUDA sources compile"
           "at a time (Ninja job pool cudaarch_nvcc), the others are not limited" "-- POOLS [cxx_only-NOTFOUND] [cudaarch_nvcc]")
  endif()
  # The report says when the GPUs came from the machine-wide detection cache, not a probe.
  file(WRITE "${WORK_DIR}/probe.in" "#!/bin/sh\necho 'cudaarch-probe|1'\necho 'status|no-driver|none'\n")
  file(COPY "${WORK_DIR}/probe.in" DESTINATION "${WORK_DIR}/bin" FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  # No PCI tier either: a host's GPUs on the bus would answer for the missing driver.
  set(machine ENV "CUDAARCH_DETECT_CACHE_DIR=${WORK_DIR}/machine" "CUDAARCH_SYSFS_ROOT=${WORK_DIR}/no-sysfs"
      ARGS -DDEFAULT=86 "-D_CUDAARCH_DETECT_PROBE_COMMAND=${WORK_DIR}/bin/probe.in")
  file(REMOVE_RECURSE "${WORK_DIR}/machine")
  configure(machine_cold ${machine})
  configure(machine_warm ${machine})
  expect(machine_warm 0 "-- CudaArch: GPUs: from the machine-wide detection cache ${WORK_DIR}/machine/detect-"
         ", not probed; CUDAARCH_DETECT_REFRESH=ON probes again" "-- CudaArch: GPUs: none detected")
  string(FIND "${machine_cold_out}" "machine-wide" at)
  if(NOT at EQUAL -1)
    check_fail(machine_cold "a cold cache is reported as the source:\n${machine_cold_out}")
  endif()
endif()

# With the real nvcc and the CUDA language: CMake's own default (75 for nvcc 13.0) is no
# request, and a call before project() already sets what the compiler check builds.
if("language" IN_LIST CASES)
  set(with_cuda "${SOURCE_DIR}/tests/cmake/set_architectures/with_cuda")
  configure(after_project PROJECT "${with_cuda}" ARGS -DDEFAULT=86)
  expect(after_project 0 "-- CudaArch: request '86' from the project's DEFAULT" "-- RESULT [86]")
  configure(before_project PROJECT "${with_cuda}" ARGS -DDEFAULT=86 -DBEFORE_PROJECT=ON)
  expect(before_project 0 "-- CudaArch: request '86' from the project's DEFAULT" "-- RESULT [86]")
  configure(user_after_project PROJECT "${with_cuda}" ARGS -DDEFAULT=86 -DCMAKE_CUDA_ARCHITECTURES=75)
  expect(user_after_project 0 "-- CudaArch: request '75' from the user's CMAKE_CUDA_ARCHITECTURES" "-- RESULT [75]")
endif()

# The driver rule in the report: driver/, a case beside its files each.
# TORCH_CUDA_ARCH_LIST's spellings: torch/, a case beside its files each.

check_finish()
