# SPDX-License-Identifier: Apache-2.0
# OpenCV's CUDA_ARCH_BIN reader (../shared/oracles/opencv_cuda_arch_flags.cmake) on a whole
# corpus in one cmake -P: each line of CORPUS as CUDA_ARCH_BIN (CUDA_ARCH_PTX empty), or a
# line "CUDA_ARCH_BIN=<bin>;CUDA_ARCH_PTX=<ptx>" (what `cudaarch convert --to opencv`
# writes) as both, written to OUTPUT as "OK <flags>" or "ERR <its SEND_ERROR message>".
#   cmake -DORACLES=<dir> -DCORPUS=<file> -DOUTPUT=<file> -P opencv_oracle.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/corpus.cmake")
file(READ "${ORACLES}/opencv_cuda_arch_flags.cmake" block)
include("${CMAKE_CURRENT_LIST_DIR}/oracle_messages.cmake")

function(opencv_reader out_flags out_error CUDA_ARCH_BIN)
  set_property(GLOBAL PROPERTY _oracle_error "")
  set(CUDA_ARCH_PTX "")
  if(CUDA_ARCH_BIN MATCHES "^CUDA_ARCH_BIN=([^;]*);CUDA_ARCH_PTX=(.*)$")
    set(CUDA_ARCH_BIN "${CMAKE_MATCH_1}")
    set(CUDA_ARCH_PTX "${CMAKE_MATCH_2}")
  endif()
  cmake_language(EVAL CODE "${block}")
  get_property(error GLOBAL PROPERTY _oracle_error)
  get_property(flags GLOBAL PROPERTY _oracle_flags)
  set(${out_flags} "${flags}" PARENT_SCOPE)
  set(${out_error} "${error}" PARENT_SCOPE)
endfunction()
corpus_answers("${CORPUS}" "${OUTPUT}" opencv_reader)
