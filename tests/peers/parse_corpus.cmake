# SPDX-License-Identifier: Apache-2.0
# The CMake engine on a corpus, in one cmake -P: each line of CORPUS is read as
# cudaarch_format(GENCODE ... FROM DIALECT) reads it and written to OUTPUT as
#   OK <gencode flags>[ || <warning>]...   or   ERR <error message>
# the same lines tests/peers/parse_corpus.cpp prints for the C++ engine. The warnings are
# those cudaarch_format would print.
#   cmake -DCORPUS=<file> -DOUTPUT=<file> [-DDIALECT=<dialect>|-] -P parse_corpus.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/CudaArch.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/corpus.cmake")
set(from "")
if(DIALECT AND NOT DIALECT STREQUAL "-")
  set(from "${DIALECT}")
endif()
function(cudaarch_reader out_flags out_error line)
  _cudaarch_format_impl(flags warnings error GENCODE "${from}" "${line}")
  foreach(warning IN LISTS warnings)
    string(APPEND flags " || ${warning}")
  endforeach()
  set(${out_flags} "${flags}" PARENT_SCOPE)
  set(${out_error} "${error}" PARENT_SCOPE)
endfunction()
corpus_answers("${CORPUS}" "${OUTPUT}" cudaarch_reader)
