# SPDX-License-Identifier: Apache-2.0
# Internal, part of the notation engine (see ../notation.cmake): what PyTorch 2.11's
# cpp_extension rejects in a spec that the TORCH dialect read, as warnings worded as the
# C++ torch_spelling_warnings() words them (tests/vectors/notation.tsv): the TORCH dialect
# is more lenient than PyTorch (docs/compatibility.md), and says so.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/text.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/parser.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/renderers.cmake")

# Whether PyTorch's cpp_extension accepts <item> of TORCH_CUDA_ARCH_LIST: an M.m[a] of its
# list (the torch-arch record) or a named architecture, each with an optional "+PTX" (exact
# case), but no second "+PTX" on a name that has one (Hopper+PTX).
function(_cudaarch_torch_accepts out_var item)
  get_property(arches GLOBAL PROPERTY _CUDAARCH_TORCH_ARCHES)
  get_property(name_items GLOBAL PROPERTY "_CUDAARCH_TORCH_${item}")
  set(accepts FALSE)
  if(NOT "${name_items}" STREQUAL "" OR item IN_LIST arches)
    set(accepts TRUE)
  elseif(item MATCHES "^(.+)\\+PTX$")
    set(base "${CMAKE_MATCH_1}")
    get_property(name_items GLOBAL PROPERTY "_CUDAARCH_TORCH_${base}")
    if(base IN_LIST arches OR (NOT "${name_items}" STREQUAL "" AND NOT name_items MATCHES "\\+PTX$"))
      set(accepts TRUE)
    endif()
  endif()
  set(${out_var} ${accepts} PARENT_SCOPE)
endfunction()

# PyTorch's spelling of one <item>, when it has one, else empty: the TORCH format writes only
# what PyTorch accepts, and fails or warns on the rest.
function(_cudaarch_torch_item_spelling out_var item)
  set(${out_var} "" PARENT_SCOPE)
  _cudaarch_parse_impl(model error TORCH "${item}")
  if(NOT error STREQUAL "")
    return()
  endif()
  _cudaarch_format_model(text warnings error TORCH "${model}")
  if(error STREQUAL "" AND warnings STREQUAL "")
    set(${out_var} "${text}" PARENT_SCOPE)
  endif()
endfunction()

# In <dialect> TORCH, puts the warnings on <spec> before those in <warnings_var> (a list).
function(_cudaarch_add_torch_spelling warnings_var dialect spec)
  if(dialect STREQUAL "TORCH")
    _cudaarch_torch_spelling(spelling "${spec}")
    if(NOT spelling STREQUAL "")
      list(PREPEND ${warnings_var} "${spelling}")
      set(${warnings_var} "${${warnings_var}}" PARENT_SCOPE)
    endif()
  endif()
endfunction()

# <out-var>: the warnings (a list, ';' in them escaped) on <spec>, which the TORCH dialect
# read without an error: one per distinct item not written PyTorch's way, with PyTorch's
# spelling where it has one; one for a ',' or other white space than ' ' as a separator;
# one for an empty item; one for nvcc flags. "native" and an empty spec draw none.
function(_cudaarch_torch_spelling out_var spec)
  set(${out_var} "" PARENT_SCOPE)
  _cudaarch_load_database()
  string(ASCII 11 12 vf)
  string(REGEX MATCHALL "[^;, \t\r\n${vf}]+" pieces "${spec}")
  if(pieces STREQUAL "" OR spec STREQUAL "native")
    return()
  endif()
  foreach(piece IN LISTS pieces)
    if(piece MATCHES "^(-|[Aa][Rr][Cc][Hh]=|[Cc][Oo][Dd][Ee]=)")
      _cudaarch_quote(q "${spec}")
      string(REPLACE ";" "\\;" warning
             "${q} is not PyTorch's spelling: PyTorch 2.11 reads no nvcc flags and would reject it.")
      set(${out_var} "${warning}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(rejects ": PyTorch 2.11 would reject the list\\; ")
  set(warnings "")
  if(spec MATCHES ",")
    list(APPEND warnings "',' is not PyTorch's separator${rejects}separate items with '\\;' or ' '.")
  endif()
  if(spec MATCHES "[\t\r\n${vf}]")
    list(APPEND warnings "a tab or line break is not PyTorch's separator${rejects}separate items \
with '\\;' or ' '.")
  endif()
  # PyTorch cuts the list at ';' and ' ', and fails on an empty piece.
  string(REPLACE " " ";" torch_pieces "${spec}")
  if(torch_pieces MATCHES "^;|;;|;$")
    list(APPEND warnings "an empty item (a leading, trailing or doubled '\\;' or ' ') is not \
PyTorch's spelling${rejects}remove it.")
  endif()
  set(seen "")
  foreach(item IN LISTS pieces)
    _cudaarch_torch_accepts(accepts "${item}")
    if(accepts OR item IN_LIST seen)
      continue()
    endif()
    list(APPEND seen "${item}")
    _cudaarch_torch_item_spelling(spelling "${item}")
    _cudaarch_quote(q "${item}")
    if(spelling STREQUAL "")
      list(APPEND warnings "${q} is not PyTorch's spelling: PyTorch 2.11 would reject it and has none for it.")
    else()
      _cudaarch_quote(spelling "${spelling}")
      list(APPEND warnings "${q} is not PyTorch's spelling: PyTorch 2.11 would reject it\\; write ${spelling}.")
    endif()
  endforeach()
  set(${out_var} "${warnings}" PARENT_SCOPE)
endfunction()
