# SPDX-License-Identifier: Apache-2.0
# Internal: everything a request of cudaarch_set_architectures comes from, read in one place.
# The other request functions (request.cmake, _cudaarch_fleet_arguments of select.cmake) take
# these fields by their prefix and read none of the sources themselves; tests/cmake/request
# (cmake.request.inputs_read_once) fails where CUDAARCHS is read anywhere else.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/flags.cmake")

# _cudaarch_request_inputs(<prefix> [FROM_ENV <variable>] [FROM_FLAGS <bool>] [FLEET <gpus>]
#                          [DEFAULT <spec>] [OBJECTIVE <objective>] [FLEET_PTX <bool>])
# Sets, in the caller's scope, <prefix>_<FIELD> for each input of a request as the caller sees
# it now (a missing one is empty):
#   CMAKE_CUDA_ARCHITECTURES          the variable (normal or cache) and, TRUE or FALSE,
#   CMAKE_CUDA_ARCHITECTURES_DEFINED  whether it is defined
#   CUDAARCHS                         the environment variable
#   USER_ARCHITECTURES, USER_PRESET, USER_FLEET, USER_FLEET_OBJECTIVE, USER_FLEET_PTX
#                                     the user's variables CUDAARCH_ARCHITECTURES,
#                                     CUDAARCH_PRESET, CUDAARCH_FLEET, CUDAARCH_FLEET_OBJECTIVE
#                                     and CUDAARCH_FLEET_PTX, which the presets set, and,
#   USER_FLEET_PTX_DEFINED            TRUE or FALSE, whether the last is defined (OFF counts)
#   TORCH_CUDA_ARCH_LIST_CACHE        the TORCH_CUDA_ARCH_LIST cache variable, and
#   TORCH_CUDA_ARCH_LIST_ENV          the environment variable (read with FROM_ENV)
#   FLAGS_REQUEST, FLAGS_SOURCE, FLAGS_LEFT
#                                     the architecture flags CMAKE_CUDA_FLAGS carries, where,
#                                     and the variable without them (_cudaarch_flags_request)
#   FROM_ENV, FROM_FLAGS, FLEET, DEFAULT, OBJECTIVE, FLEET_PTX
#                                     the call's own arguments, as given
# The cache entries CudaArch keeps about CMAKE_CUDA_ARCHITECTURES (who set it, what
# initialized the tree) are the build tree's state, not inputs: request.cmake reads those.
function(_cudaarch_request_inputs prefix)
  set(arguments FROM_ENV FROM_FLAGS FLEET DEFAULT OBJECTIVE FLEET_PTX)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "${arguments}" "")
  foreach(argument IN LISTS arguments)
    set(${prefix}_${argument} "${arg_${argument}}" PARENT_SCOPE)
  endforeach()
  set(cmake_defined FALSE)
  set(ptx_defined FALSE)
  if(DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(cmake_defined TRUE)
  endif()
  if(DEFINED CUDAARCH_FLEET_PTX)
    set(ptx_defined TRUE)
  endif()
  set(${prefix}_CMAKE_CUDA_ARCHITECTURES "${CMAKE_CUDA_ARCHITECTURES}" PARENT_SCOPE)
  set(${prefix}_CMAKE_CUDA_ARCHITECTURES_DEFINED ${cmake_defined} PARENT_SCOPE)
  set(${prefix}_CUDAARCHS "$ENV{CUDAARCHS}" PARENT_SCOPE)
  set(${prefix}_USER_ARCHITECTURES "${CUDAARCH_ARCHITECTURES}" PARENT_SCOPE)
  set(${prefix}_USER_PRESET "${CUDAARCH_PRESET}" PARENT_SCOPE)
  set(${prefix}_USER_FLEET "${CUDAARCH_FLEET}" PARENT_SCOPE)
  set(${prefix}_USER_FLEET_OBJECTIVE "${CUDAARCH_FLEET_OBJECTIVE}" PARENT_SCOPE)
  set(${prefix}_USER_FLEET_PTX "${CUDAARCH_FLEET_PTX}" PARENT_SCOPE)
  set(${prefix}_USER_FLEET_PTX_DEFINED ${ptx_defined} PARENT_SCOPE)
  set(${prefix}_TORCH_CUDA_ARCH_LIST_CACHE "$CACHE{TORCH_CUDA_ARCH_LIST}" PARENT_SCOPE)
  set(${prefix}_TORCH_CUDA_ARCH_LIST_ENV "$ENV{TORCH_CUDA_ARCH_LIST}" PARENT_SCOPE)
  _cudaarch_flags_request(request source left)
  set(${prefix}_FLAGS_REQUEST "${request}" PARENT_SCOPE)
  set(${prefix}_FLAGS_SOURCE "${source}" PARENT_SCOPE)
  set(${prefix}_FLAGS_LEFT "${left}" PARENT_SCOPE)
endfunction()
