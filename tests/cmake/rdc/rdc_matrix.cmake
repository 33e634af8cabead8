# SPDX-License-Identifier: Apache-2.0
# Builds tests/cmake/rdc/project with one CMake of the matrix and checks every device-linked file:
# its linked .nv_fatbin must hold exactly the requested SASS (nvlink cannot link PTX, so the
# requested PTX stays relocatable, in __nv_relfatbin), and nvlink must not have warned about
# a missing architecture. NVIDIA's cuobjdump is the oracle; `cudaarch inspect` must agree.
# From CMake 3.19 the same build also runs cudaarch_set_architectures(VERIFY), which must
# pass every file but app_wrong, and fail that one with its message.
#   cmake -DTEST_CMAKE=<cmake under test> -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -DNVCC=<nvcc>
#         -DCUDAARCH=<cudaarch> -DCUDAARCH_DIR=<CudaArch build tree> -DCUOBJDUMP=<cuobjdump>
#         [-DGENERATOR=<generator, default Ninja>] -P rdc_matrix.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON); the CMake under test may be older
if(NOT DEFINED GENERATOR)  # CMake's default on Linux is Unix Makefiles; the suite's is Ninja
  set(GENERATOR Ninja)
endif()
include("${CMAKE_CURRENT_LIST_DIR}/require_cuobjdump.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../add_verify_test/build_log.cmake")
if(cuobjdump_missing)
  return()
endif()

# Directory-wide (the user's -DCUDAARCH_ARCHITECTURES, applied before project()): a mixed
# list; per target: 90a and 100f alone.
set(directory_list "80;90a-real;100f")
set(per_target "90a;100f")
set(expect_sass_directory sm_80 sm_90a sm_100f)
set(expect_ptx_directory compute_80 compute_100f)
set(expect_sass_90a sm_90a)
set(expect_ptx_90a compute_90a)
set(expect_sass_100f sm_100f)
set(expect_ptx_100f compute_100f)

set(build "${WORK_DIR}/build")
file(REMOVE_RECURSE "${build}")
execute_process(COMMAND "${TEST_CMAKE}" --version OUTPUT_VARIABLE version)
string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" version "${version}")
set(verify OFF)
if(version VERSION_GREATER_EQUAL 3.19)
  set(verify ON)
endif()
execute_process(
  COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCHS --unset=CUDAARCH_GPUS CUDA_VISIBLE_DEVICES=-1
          "${TEST_CMAKE}" -S "${SOURCE_DIR}/tests/cmake/rdc/project" -B "${build}" -G "${GENERATOR}"
          "-DCMAKE_CUDA_COMPILER=${NVCC}" "-DCUDAARCH_SOURCE_DIR=${SOURCE_DIR}" "-DCudaArch_DIR=${CUDAARCH_DIR}"
          "-DCUDAARCH_ARCHITECTURES=${directory_list}" "-DPER_TARGET=${per_target}" "-DVERIFY=${verify}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configure failed:\n${out}${err}")
endif()
# Keep going: build everything that can be built, past app_wrong's expected failure.
verify_build_keep_going(rc log "${TEST_CMAKE}" "${build}" "${GENERATOR}" -j 1)
set(failures "")
if(verify)
  verify_failed_targets(failed "${log}")
  string(REGEX REPLACE "[ \n]+" " " flat "${log}")
  set(message "cudaarch_set_architectures: VERIFY: ${build}/app_wrong lacks sm_90a, which its CUDA architectures '90a-real' promise "
              "(linked SASS: sm_75). Its relocatable images (separable compilation) cannot stand in: the device "
              "link must be given the same architectures as the compile. See docs/troubleshooting.md.")
  string(REPLACE ";" "" message "${message}")
  string(FIND "${flat}" "${message}" at)
  list(LENGTH failed failed_count)
  if(rc EQUAL 0 OR NOT failed_count EQUAL 1 OR NOT failed STREQUAL "app_wrong"
     OR at EQUAL -1)
    string(APPEND failures "VERIFY: expected exactly app_wrong to fail, with:\n  ${message}\ngot (exit ${rc}):\n${log}\n")
  endif()
  foreach(file IN ITEMS app_directory shared_directory app_90a shared_90a app_100f shared_100f)
    if(NOT EXISTS "${build}/cudaarch_verify/${file}.stamp")
      string(APPEND failures "VERIFY did not pass ${file}\n")
    endif()
  endforeach()
  string(REGEX REPLACE "[^\n]*app_wrong[^\n]*" "" log "${log}")
elseif(NOT rc EQUAL 0)
  message(FATAL_ERROR "build failed:\n${log}")
endif()
if(log MATCHES "nvlink warning[^\n]*")
  string(APPEND failures "nvlink warned: ${CMAKE_MATCH_0}\n")
endif()

# Ends cuobjdump_images and inspect_images: their sass and ptx, each sorted once.
macro(return_sorted)
  foreach(var IN ITEMS sass ptx)
    list(REMOVE_DUPLICATES ${var})
    list(SORT ${var})
  endforeach()
  set(${out_sass} "${sass}" PARENT_SCOPE)
  set(${out_ptx} "${ptx}" PARENT_SCOPE)
endmacro()

# The images of <file> that cuobjdump prints (without -all: the linked .nv_fatbin; with
# -all: every fatbin, the relocatable ones included) as sm_XX and compute_XX, sorted.
function(cuobjdump_images out_sass out_ptx file)
  execute_process(COMMAND "${CUOBJDUMP}" ${ARGN} "${file}" OUTPUT_VARIABLE dump ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(REGEX MATCHALL "Fatbin (elf|ptx) code:\n=+\narch = sm_[0-9]+[af]?" blocks "${dump}")
  set(sass "")
  set(ptx "")
  foreach(block IN LISTS blocks)
    string(REGEX MATCH "(elf|ptx) code:.*arch = sm_([0-9]+[af]?)" _ "${block}")
    if(CMAKE_MATCH_1 STREQUAL "elf")
      list(APPEND sass "sm_${CMAKE_MATCH_2}")
    else()
      list(APPEND ptx "compute_${CMAKE_MATCH_2}")
    endif()
  endforeach()
  return_sorted()
endfunction()

# The same from `cudaarch inspect --json`, split by the section holding each image.
function(inspect_images out_sass out_ptx file section)
  execute_process(COMMAND "${CUDAARCH}" inspect --json "${file}" OUTPUT_VARIABLE json RESULT_VARIABLE rc)
  string(JSON count LENGTH "${json}" files 0 images)
  set(sass "")
  set(ptx "")
  math(EXPR last "${count} - 1")
  foreach(i RANGE 0 ${last})
    string(JSON where GET "${json}" files 0 images ${i} section)
    string(JSON kind GET "${json}" files 0 images ${i} kind)
    string(JSON name GET "${json}" files 0 images ${i} name)
    if(where STREQUAL section AND kind STREQUAL "SASS")
      list(APPEND sass "${name}")
    elseif(where STREQUAL section AND kind STREQUAL "PTX")
      list(APPEND ptx "${name}")
    endif()
  endforeach()
  return_sorted()
endfunction()

function(expect_equal what got expected)
  list(SORT expected)
  if(NOT "${got}" STREQUAL "${expected}")
    set(failures "${failures}${what}: got [${got}], expected [${expected}]\n" PARENT_SCOPE)
  endif()
endfunction()

set(checked 0)
foreach(set IN ITEMS directory ${per_target})
  foreach(file IN ITEMS "app_${set}" "libshared_${set}.so")
    cuobjdump_images(linked_sass linked_ptx "${build}/${file}")
    cuobjdump_images(all_sass all_ptx "${build}/${file}" -all)
    inspect_images(inspect_sass inspect_ptx "${build}/${file}" .nv_fatbin)
    inspect_images(reloc_sass reloc_ptx "${build}/${file}" __nv_relfatbin)
    expect_equal("${file}: linked SASS (cuobjdump)" "${linked_sass}" "${expect_sass_${set}}")
    expect_equal("${file}: linked PTX (cuobjdump)" "${linked_ptx}" "")
    expect_equal("${file}: PTX in any fatbin (cuobjdump -all)" "${all_ptx}" "${expect_ptx_${set}}")
    expect_equal("${file}: linked SASS (cudaarch inspect)" "${inspect_sass}" "${expect_sass_${set}}")
    expect_equal("${file}: linked PTX (cudaarch inspect)" "${inspect_ptx}" "")
    expect_equal("${file}: relocatable PTX (cudaarch inspect)" "${reloc_ptx}" "${expect_ptx_${set}}")
    math(EXPR checked "${checked} + 1")
  endforeach()
endforeach()
if(failures)
  message(FATAL_ERROR "${failures}")
endif()
message("${checked} device-linked files hold exactly the requested images")
