# SPDX-License-Identifier: Apache-2.0
# The CMake engine on a corpus, in one cmake -P: each line of CORPUS is read with
# cudaarch_format(GENCODE ... FROM DIALECT) and written to OUTPUT as
#   OK <gencode flags>   or   ERR <error message>
# the same lines tests/peers/parse_corpus.cpp prints for the C++ engine.
#   cmake -DCORPUS=<file> -DOUTPUT=<file> [-DDIALECT=<dialect>|-] -P parse_corpus.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/CudaArch.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/corpus.cmake")
set(from "")
if(DIALECT AND NOT DIALECT STREQUAL "-")
  set(from FROM "${DIALECT}")
endif()
function(cudaarch_reader out_flags out_error line)
  cudaarch_format(flags GENCODE "${line}" ${from} ERROR_VARIABLE error)
  set(${out_flags} "${flags}" PARENT_SCOPE)
  set(${out_error} "${error}" PARENT_SCOPE)
endfunction()
corpus_answers("${CORPUS}" "${OUTPUT}" cudaarch_reader)
