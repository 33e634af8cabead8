# SPDX-License-Identifier: Apache-2.0
# cudaarch_set_architectures after find_package(Torch), which sets CMAKE_CUDA_ARCHITECTURES
# OFF and puts its -gencode flags in CMAKE_CUDA_FLAGS: those flags are the request (source
# CMAKE_CUDA_FLAGS), nothing is added to them, and the list drives intersection; and
# VARIABLE, which always holds the resolved list, never OFF. Configured projects against a
# fake nvcc 13.0.
#   cmake -DWORK_DIR=<dir> -P test_torch_flags.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../cmake/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${WORK_DIR}/fake")

# A project running <code> after the module; prints the report's lines as RESULT lines.
function(check_flags name code expected_rc expected_results expected_diagnostics)
  check_project(torch_flags.${name} "set(CUDAARCH_QUIET ON)
include(\"\${CUDAARCH_MODULES}/../CudaArch.cmake\")
set(nvcc \"${nvcc}\")
${code}
file(STRINGS \"\${CMAKE_BINARY_DIR}/cudaarch-report.txt\" lines REGEX \"^(request|CUDA architectures|CMake )\")
foreach(line IN LISTS lines)
  message(STATUS \"RESULT \${line}\")
endforeach()" "${expected_rc}" "${expected_results}" "${expected_diagnostics}")
endfunction()

# As find_package(Torch) leaves them for TORCH_CUDA_ARCH_LIST="8.0 9.0a", beside other flags.
check_flags(gencode [=[
set(CMAKE_CUDA_ARCHITECTURES OFF)
set(CMAKE_CUDA_FLAGS "-Xfatbin -compress-all -gencode arch=compute_80,code=sm_80 -DONNX_NAMESPACE=onnx_c2 -gencode=arch=compute_90a,code=sm_90a")
cudaarch_set_architectures(DEFAULT native COMPILER "${nvcc}")
get_directory_property(options COMPILE_OPTIONS)
get_directory_property(definitions COMPILE_DEFINITIONS)
cudaarch_intersect(hopper SUPPORTED 9.0a)
message(STATUS "RESULT [${CMAKE_CUDA_ARCHITECTURES}] [${CUDAARCH_ARCHITECTURES_RESOLVED}] [${options}] [${definitions}] [${hopper}]")
message(STATUS "RESULT [${CMAKE_CUDA_FLAGS}]")
]=] 0 "[OFF] [80-real;90a-real] [] [] [90a-real]
[-Xfatbin -compress-all -gencode arch=compute_80,code=sm_80 -DONNX_NAMESPACE=onnx_c2 -gencode=arch=compute_90a,code=sm_90a]
request '-gencode arch=compute_80,code=sm_80 -gencode=arch=compute_90a,code=sm_90a' from CMAKE_CUDA_FLAGS
CUDA architectures: 80-real;90a-real (nvcc 13.0, ${nvcc}), built by the flags in CMAKE_CUDA_FLAGS; CudaArch adds none\n" "")

check_flags(arch [=[
set(CMAKE_CUDA_ARCHITECTURES OFF)
set(CMAKE_CUDA_FLAGS "-O3 -arch=sm_86")
cudaarch_set_architectures(COMPILER "${nvcc}" VARIABLE archs)
message(STATUS "RESULT [${archs}] [${CUDAARCH_ARCHITECTURES_RESOLVED}]")
]=] 0 "[86] [86]
request '-arch=sm_86' from CMAKE_CUDA_FLAGS
CUDA architectures: 86 (nvcc 13.0, ${nvcc}), built by the flags in CMAKE_CUDA_FLAGS; CudaArch adds none\n" "")

# An OFF without architecture flags stays the user's "no architecture flags".
check_flags(off_without_flags [=[
set(CMAKE_CUDA_ARCHITECTURES OFF)
set(CMAKE_CUDA_FLAGS "-O3")
cudaarch_set_architectures(DEFAULT 86 COMPILER "${nvcc}")
cudaarch_set_architectures(DEFAULT 86 COMPILER "${nvcc}" VARIABLE named)
message(STATUS "RESULT [${CMAKE_CUDA_ARCHITECTURES}] [${named}]")
]=] 0 "[OFF] []
request 'OFF' from the user's CMAKE_CUDA_ARCHITECTURES
CUDA architectures: OFF (no architecture flags)\n" "")

# VARIABLE holds the resolved list also where the polyfill writes the -gencode flags (CMake
# 3.24 to 4.0.1, tests/cmake/rdc/cmake_alone.cmake measures where).
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch/internal/apply.cmake")
_cudaarch_cmake_can_express(expressible "90a-real;100f-real")
set(polyfill "")
if(NOT expressible)
  set(polyfill "CMake ${CMAKE_VERSION} cannot write 90a-real;100f-real in CUDA_ARCHITECTURES: archs holds the list, \
CUDA_ARCHITECTURES must be OFF, and -gencode flags build the same images\n")
endif()
check_flags(variable_not_off [=[
cudaarch_set_architectures(DEFAULT sm_100f sm_90a COMPILER "${nvcc}" VARIABLE archs)
message(STATUS "RESULT [${archs}] [${CUDAARCH_ARCHITECTURES_RESOLVED}]")
]=] 0 "[90a-real;100f-real] [90a-real;100f-real]
request 'sm_100f;sm_90a' from the project's DEFAULT
CUDA architectures: 90a-real;100f-real (nvcc 13.0, ${nvcc})\n${polyfill}" "")

check_finish()
