# SPDX-License-Identifier: Apache-2.0
# `cudaarch check --python` on a real interpreter's environment made here: a venv of PYTHON
# (without pip) whose site-packages holds three distributions, each with a .dist-info RECORD:
#   torch 2.11.0+cu130  a vendor's wheel: lib/libtorch_cuda.so is the sm_80-only library
#   myext 0.1           installed from a local folder (direct_url.json "dir_info"): the user's
#                       own code, the app's sm_90 program and the sm_80 library
#   plainpy 1.0         Python only
# With -DCASE=runtime, the CUDA runtimes they bring instead (checked against -DDRIVER):
#   torch 2.11.0+cu130        lib/libc10_cuda.so, lib/libtorch_cuda.so: sm_90 code that needs
#                             libcudart.so.13
#   nvidia-cuda-runtime 13.0.96  nvidia/cu13/lib/libcudart.so.13 (host code only)
#   myext 0.1                 from a local folder: nvcc's host-only program, runtime linked in
#   plainpy 1.0               Python only
#   cmake -DPYTHON=<python3> -DCUDAARCH=<cudaarch> -DFIXTURES=<loader fixtures> -DWORK=<folder>
#         -DEXPECT_CASE=<case> -DPLACEHOLDERS=build=<dir>;source=<dir> -DGPUS=<comma-separated --gpu values>
#         [-DCASE=runtime -DDRIVER=<version>] -P python_env.cmake
# The output is compared with the case's files by the one rule (tests/expected_output.cmake),
# <site> and <python> standing for the venv's site-packages and interpreter.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../../../expected_output.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../python_venv.cmake")
_cudaarch_test_venv("${PYTHON}" "${WORK}" site)
# dist(<name> <version> <file>...): a .dist-info with METADATA and a RECORD listing the files.
function(dist name version)
  set(record "")
  foreach(file IN LISTS ARGN)
    string(APPEND record "${file},sha256=-,0\n")
  endforeach()
  file(WRITE "${site}/${name}-${version}.dist-info/METADATA" "Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n\n")
  file(WRITE "${site}/${name}-${version}.dist-info/RECORD" "${record}${name}-${version}.dist-info/RECORD,,\n")
endfunction()
# copy_as(<file> <path in site-packages>)
function(copy_as file path)
  get_filename_component(folder "${site}/${path}" DIRECTORY)
  get_filename_component(name "${file}" NAME)
  file(COPY "${file}" DESTINATION "${folder}")
  file(RENAME "${folder}/${name}" "${site}/${path}")
endfunction()
file(WRITE "${site}/torch/__init__.py" "")
set(torch_files "")
if(CASE STREQUAL "runtime")
  copy_as("${FIXTURES}/runtime/libk90_cudart.so" torch/lib/libtorch_cuda.so)
  copy_as("${FIXTURES}/runtime/libk90_cudart.so" torch/lib/libc10_cuda.so)
  set(torch_files torch/lib/libc10_cuda.so)
  copy_as("${FIXTURES}/runtime/cudart13/libcudart.so.13.0.96" nvidia/cu13/lib/libcudart.so.13)
  dist(nvidia-cuda-runtime 13.0.96 nvidia/cu13/lib/libcudart.so.13)
  copy_as("${FIXTURES}/runtime/app_static" myext/app_static)
  dist(myext 0.1 myext/app_static)
else()
  copy_as("${FIXTURES}/lib/libk80.so" torch/lib/libtorch_cuda.so)
  file(COPY "${FIXTURES}/lib/libk80.so" "${FIXTURES}/app" DESTINATION "${site}/myext")
  dist(myext 0.1 myext/libk80.so myext/app)
endif()
dist(torch 2.11.0+cu130 torch/__init__.py ${torch_files} torch/lib/libtorch_cuda.so)
file(WRITE "${site}/myext-0.1.dist-info/direct_url.json" "{\"url\": \"file:///home/me/myext\", \"dir_info\": {}}")
file(WRITE "${site}/plainpy/__init__.py" "")
dist(plainpy 1.0 plainpy/__init__.py)

set(gpu_args "")
string(REPLACE "," ";" GPUS "${GPUS}")
foreach(gpu IN LISTS GPUS)
  list(APPEND gpu_args --gpu "${gpu}")
endforeach()
if(DRIVER)
  list(APPEND gpu_args --driver "${DRIVER}")
endif()
execute_process(COMMAND "${CUDAARCH}" check ${gpu_args} --python "${WORK}/venv/bin/python"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(failed "")
_cudaarch_expect_case(failed "${EXPECT_CASE}" "${rc}" "${out}" "${err}" ${PLACEHOLDERS}
                      "site=${site}" "python=${WORK}/venv/bin/python")
if(failed)
  message(FATAL_ERROR "check --python:\n${failed}")
endif()
