# SPDX-License-Identifier: Apache-2.0
# PyTorch's CUDA_SELECT_NVCC_ARCH_FLAGS (../shared/oracles) on a whole corpus in one cmake -P:
# each line of CORPUS passed as the oracle's own runner passes -DIN (unquoted ${IN}),
# written to OUTPUT as "OK <flags>" or "ERR <its SEND_ERROR message>".
#   cmake -DORACLES=<dir> -DCORPUS=<file> -DOUTPUT=<file> -P torch_cmake_oracle.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/corpus.cmake")
set(CUDA_VERSION 13.0)  # as run_torch_select_compute_arch.cmake sets it
include("${ORACLES}/torch_select_compute_arch.cmake")

include("${CMAKE_CURRENT_LIST_DIR}/oracle_messages.cmake")

function(torch_reader out_flags out_error IN)
  set_property(GLOBAL PROPERTY _oracle_error "")
  # Names reach the oracle's if(${arch_name} STREQUAL ...) unquoted: an empty name (a lone
  # "+PTX") or an unbalanced '(' is a CMake error there that would end the whole batch.
  # Answered here as the error it is.
  string(REGEX REPLACE "[ \t]+" ";" items "${IN}")
  foreach(item IN LISTS items)
    string(REGEX REPLACE "\\+PTX$" "" name "${item}")
    if(name STREQUAL "" OR (name MATCHES "[()]" AND NOT name MATCHES "^[0-9]+\\.[0-9][af]?(\\([0-9]+\\.[0-9]\\))?$"))
      set(${out_flags} "" PARENT_SCOPE)
      set(${out_error} "CMake error in if(): '${item}'" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  CUDA_SELECT_NVCC_ARCH_FLAGS(flags ${IN})
  get_property(error GLOBAL PROPERTY _oracle_error)
  set(${out_flags} "${flags}" PARENT_SCOPE)
  set(${out_error} "${error}" PARENT_SCOPE)
endfunction()
corpus_answers("${CORPUS}" "${OUTPUT}" torch_reader)
