# SPDX-License-Identifier: Apache-2.0
# Each public command file works when it is included alone: a project includes only that
# file and calls its command. The project sets CMP0057 (if(IN_LIST)) to OLD where the CMake
# running it still allows that (before 4.0), so the files must bring the policies they need
# instead of borrowing the caller's or CudaArch.cmake's.
#   cmake [-DWORK_DIR=<dir>] -P test_standalone.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")

cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${WORK_DIR}/fake")
# The CudaArch::cudaarch target the test commands launch, and a program to test.
set(tools "add_executable(CudaArch::cudaarch IMPORTED)
set_target_properties(CudaArch::cudaarch PROPERTIES IMPORTED_LOCATION /bin/true)
add_executable(app IMPORTED)
set_target_properties(app PROPERTIES IMPORTED_LOCATION /bin/true)
enable_testing()")

# check_alone(<command> <code> <expected RESULT lines>)
function(check_alone command code expected)
  check_project(alone.${command} "if(CMAKE_VERSION VERSION_LESS 4.0)
  cmake_policy(SET CMP0057 OLD)
endif()
unset(ENV{CUDAARCH_GPUS})
set(CUDAARCH_GPUS A100)
set(nvcc \"${nvcc}\")
include(\"\${CUDAARCH_MODULES}/${command}.cmake\")
${code}" 0 "${expected}" "")
endfunction()

check_alone(cudaarch_parse [=[
cudaarch_parse(out "7.5;8.6+PTX")
message(STATUS "RESULT [${out}]")
]=] "[75-real;86]\n")

check_alone(cudaarch_format [=[
cudaarch_format(out TORCH 75 86-real)
message(STATUS "RESULT [${out}]")
]=] "[7.5+PTX 8.6]\n")

check_alone(cudaarch_resolve [=[
cudaarch_resolve(out native all-major COMPILER "${nvcc}")
message(STATUS "RESULT [${out}]")
]=] "[75-real;80-real;90-real;100-real;110-real;120]\n")

check_alone(cudaarch_supported [=[
cudaarch_supported(out COMPILER "${nvcc}" KIND VIRTUAL)
message(STATUS "RESULT [${out}]")
]=] "[75;80;86;87;88;89;90;90a;100;100a;100f;103;103a;103f;110;110a;110f;120;120a;120f;121;121a;121f]\n")

check_alone(cudaarch_detect [=[
cudaarch_detect(out DEVICES devices)
message(STATUS "RESULT [${out}] [${devices}]")
]=] "[80] [-|8.0|-|-|-|-|-]\n")

check_alone(cudaarch_set_architectures [=[
set(CUDAARCH_QUIET ON)
cudaarch_set_architectures(DEFAULT "75;86" COMPILER "${nvcc}")
message(STATUS "RESULT [${CMAKE_CUDA_ARCHITECTURES}]")
]=] "[75;86]\n")

check_alone(cudaarch_target_architectures [=[
set(CUDAARCH_QUIET ON)
enable_language(C)
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/k.c" "")
add_library(k STATIC "${CMAKE_CURRENT_BINARY_DIR}/k.c")
cudaarch_target_architectures(k "8.0;9.0" COMPILER "${nvcc}")
get_target_property(archs k CUDAARCH_ARCHITECTURES)
message(STATUS "RESULT [${archs}]")
]=] "[80-real;90-real]\n")

check_alone(cudaarch_intersect [=[
cudaarch_intersect(out SUPPORTED 8.0 9.0a REQUEST 80-real 86-real 90-real COMPILER "${nvcc}")
message(STATUS "RESULT [${out}]")
]=] "[80-real;90a-real]\n")

check_alone(cudaarch_source_architectures [=[
set(CUDAARCH_QUIET ON)
enable_language(C)
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/k.cu" "")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/h.cu" "")
add_library(k STATIC "${CMAKE_CURRENT_BINARY_DIR}/k.cu" "${CMAKE_CURRENT_BINARY_DIR}/h.cu")
set_target_properties(k PROPERTIES LINKER_LANGUAGE C CUDAARCH_ARCHITECTURES "80-real")
cudaarch_source_architectures(k SOURCES "${CMAKE_CURRENT_BINARY_DIR}/h.cu" 9.0a COMPILER "${nvcc}")
get_target_property(archs k CUDAARCH_SOURCE_ARCHITECTURES)
message(STATUS "RESULT [${archs}]")
]=] "[90a-real=${WORK_DIR}/alone.cudaarch_source_architectures/build/h.cu]\n")

check_alone(cudaarch_add_verify_test "${tools}
cudaarch_add_verify_test(app EXPECT 80-real)
get_test_property(cudaarch_verify_app WORKING_DIRECTORY dir)
message(STATUS \"RESULT [\${dir}]\")" "[NOTFOUND]\n")

check_alone(cudaarch_add_gpu_test "${tools}
cudaarch_add_gpu_test(NAME t COMMAND app MIN_CC 8.0)
get_test_property(t LABELS labels)
message(STATUS \"RESULT [\${labels}]\")" "[gpu;sm_80]\n")

check_alone(cudaarch_write_resource_spec [=[
cudaarch_write_resource_spec(gpus.json)
file(READ "${CMAKE_CURRENT_BINARY_DIR}/gpus.json" json)
string(REGEX MATCHALL "\"id\": \"[0-9]+\"" ids "${json}")
message(STATUS "RESULT [${ids}]")
]=] "[\"id\": \"0\"]\n")

# CudaArchBeforeProject.cmake defines the internals it includes under the modules' policies too,
# so a cudaarch_set_architectures call after it still has them.
check_project(before_project_policies "if(CMAKE_VERSION VERSION_LESS 4.0)
  cmake_policy(SET CMP0057 OLD)
endif()
set(ENV{CUDAARCHS} 86)
include(\"\${CUDAARCH_MODULES}/../CudaArchBeforeProject.cmake\")
include(\"\${CUDAARCH_MODULES}/cudaarch_set_architectures.cmake\")
set(CUDAARCH_QUIET ON)
cudaarch_set_architectures(COMPILER \"${nvcc}\")
message(STATUS \"RESULT [\${CMAKE_CUDA_ARCHITECTURES}]\")" 0 "[86]\n" "")

# Every public file, and no other, is checked above.
file(GLOB files RELATIVE "${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch"
     "${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch/cudaarch_*.cmake")
list(SORT files)
check_equal("every public file" "${files}" "cudaarch_add_gpu_test.cmake;cudaarch_add_verify_test.cmake;\
cudaarch_detect.cmake;cudaarch_format.cmake;cudaarch_intersect.cmake;cudaarch_parse.cmake;cudaarch_resolve.cmake;\
cudaarch_set_architectures.cmake;cudaarch_source_architectures.cmake;cudaarch_supported.cmake;\
cudaarch_target_architectures.cmake;\
cudaarch_write_resource_spec.cmake")

check_finish()
