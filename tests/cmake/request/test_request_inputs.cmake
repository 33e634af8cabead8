# SPDX-License-Identifier: Apache-2.0
# The request's inputs as named fields, and closures read by name:
#   fields   _cudaarch_request_inputs sets <prefix>_<FIELD> from the variables, the
#            environment, the flags and the call's arguments, lists kept whole, and changes
#            neither the environment nor the caller's variables or policies;
#   closure  _cudaarch_bind / _cudaarch_unbind: values read back by name in any order and any
#            number, ';' '[' ']' '\' '%' kept, a name not bound read as empty.
#   cmake -DCASE=fields|closure -P test_request_inputs.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../../cmake/cudaarch/internal/request.cmake")

if(CASE STREQUAL "fields")
  set(ENV{CUDAARCHS} "75;80")
  set(ENV{TORCH_CUDA_ARCH_LIST} "8.6+PTX")
  set(ENV{CUDAFLAGS} "-O2 -gencode arch=compute_86,code=sm_86")
  set(TORCH_CUDA_ARCH_LIST "9.0" CACHE STRING "")
  set(CMAKE_CUDA_ARCHITECTURES 86)
  set(CUDAARCH_ARCHITECTURES "sm_90a")
  set(CUDAARCH_PRESET "cudaarch-native: native")
  set(CUDAARCH_FLEET "H100;A100")
  set(CUDAARCH_FLEET_PTX OFF)
  cmake_policy(SET CMP0104 OLD)  # not what the modules' own policy version says
  _cudaarch_request_inputs(in FROM_ENV TORCH_CUDA_ARCH_LIST FROM_FLAGS TRUE FLEET "T4;L4" DEFAULT "" OBJECTIVE exact)
  set(actual "")
  foreach(field IN ITEMS CMAKE_CUDA_ARCHITECTURES CMAKE_CUDA_ARCHITECTURES_DEFINED CUDAARCHS USER_ARCHITECTURES
                         USER_PRESET USER_FLEET USER_FLEET_OBJECTIVE USER_FLEET_PTX USER_FLEET_PTX_DEFINED
                         TORCH_CUDA_ARCH_LIST_CACHE TORCH_CUDA_ARCH_LIST_ENV FLAGS_REQUEST FLAGS_SOURCE FLAGS_LEFT
                         FROM_ENV FROM_FLAGS FLEET DEFAULT OBJECTIVE FLEET_PTX)
    string(REPLACE ";" "," value "${in_${field}}")
    list(APPEND actual "${field}=${value}")
  endforeach()
  list(JOIN actual "\n" actual)
  check_equal("fields" "${actual}" "CMAKE_CUDA_ARCHITECTURES=86
CMAKE_CUDA_ARCHITECTURES_DEFINED=TRUE
CUDAARCHS=75,80
USER_ARCHITECTURES=sm_90a
USER_PRESET=cudaarch-native: native
USER_FLEET=H100,A100
USER_FLEET_OBJECTIVE=
USER_FLEET_PTX=OFF
USER_FLEET_PTX_DEFINED=TRUE
TORCH_CUDA_ARCH_LIST_CACHE=9.0
TORCH_CUDA_ARCH_LIST_ENV=8.6+PTX
FLAGS_REQUEST=-gencode arch=compute_86,code=sm_86
FLAGS_SOURCE=the CUDAFLAGS environment variable
FLAGS_LEFT=-O2
FROM_ENV=TORCH_CUDA_ARCH_LIST
FROM_FLAGS=TRUE
FLEET=T4,L4
DEFAULT=
OBJECTIVE=exact
FLEET_PTX=")
  cmake_policy(GET CMP0104 after_policy)
  check_equal("the caller's policy" "${after_policy}" "OLD")
  check_equal("the environment" "$ENV{CUDAARCHS}|$ENV{TORCH_CUDA_ARCH_LIST}|$ENV{CUDAFLAGS}"
              "75;80|8.6+PTX|-O2 -gencode arch=compute_86,code=sm_86")
  check_equal("the caller's variables" "${CMAKE_CUDA_ARCHITECTURES}|${CUDAARCH_FLEET}" "86|H100;A100")
  # Nothing defined, nothing in the environment: every field empty, the DEFINED ones FALSE.
  unset(CMAKE_CUDA_ARCHITECTURES)
  unset(CUDAARCH_FLEET_PTX)
  unset(ENV{CUDAARCHS})
  _cudaarch_request_inputs(none)
  check_equal("undefined" "${none_CMAKE_CUDA_ARCHITECTURES_DEFINED}|${none_USER_FLEET_PTX_DEFINED}|${none_CUDAARCHS}|${none_FROM_ENV}"
              "FALSE|FALSE||")
elseif(CASE STREQUAL "closure")
  _cudaarch_bind(closure some_command version 13.0 path "/opt/a;b" real "75;86" note "[x]\\%25" empty "")
  _cudaarch_unbind("${closure}" note real)
  check_equal("two fields, out of order" "${note}|${real}" "[x]\\%25|75;86")
  _cudaarch_unbind("${closure}" path version empty missing)
  check_equal("the others, and a name not bound" "${path}|${version}|${empty}|${missing}" "/opt/a;b|13.0||")
  list(GET closure 0 command)
  check_equal("the command" "${command}" "some_command")
else()
  check_fail("CASE" "give -DCASE=fields or -DCASE=closure, not '${CASE}'")
endif()
check_finish()
