# SPDX-License-Identifier: Apache-2.0
# Internal, part of the notation engine (see ../notation.cmake): the dialects, the build
# systems whose reading of a bare token the parser applies (FROM TORCH reads 75 as 7.5).
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/text.cmake")

set_property(GLOBAL PROPERTY _CUDAARCH_DIALECTS CMAKE TORCH TF OPENCV NVCC)

# <dialect> as _cudaarch_parse_impl takes it (upper case, empty for the default), or an
# error when there is no such dialect.
function(_cudaarch_dialect_name out_var out_error dialect)
  string(TOUPPER "${dialect}" name)
  get_property(dialects GLOBAL PROPERTY _CUDAARCH_DIALECTS)
  set(${out_var} "${name}" PARENT_SCOPE)
  set(${out_error} "" PARENT_SCOPE)
  if(NOT dialect STREQUAL "" AND NOT name IN_LIST dialects)
    _cudaarch_unknown_value(error dialect dialects "${dialect}" ${dialects})
    set(${out_error} "${error}" PARENT_SCOPE)
  endif()
endfunction()
