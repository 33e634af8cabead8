# SPDX-License-Identifier: Apache-2.0
# Internal: the notation engine behind cudaarch_parse and cudaarch_format. The rules are
# docs/notation.md; tests/vectors/notation.tsv pins them. Its parts, in notation/:
#   text.cmake       placeholders, quoting, dotted names, error propagation
#   lexer.cmake      what one token is, and whether its capability exists
#   products.cmake   GPU names over several words, and the unknown-word error
#   model.cmake      contributions merged into the model
#   parser.cmake     a spec, word by word, into the model (_cudaarch_parse_impl)
#   renderers.cmake  the model in each format (_cudaarch_format_model)
#   dialects.cmake   the dialect names the parser takes
#   torch_spelling.cmake  what PyTorch rejects in a spec the TORCH dialect read
# This file ties them together: _cudaarch_format_impl, parse then render.
#
# The model passed between parsing and formatting is a list of entries sorted by
# capability, then suffix (none, a, f), each "<NN>|<suffix>|<sass>|<ptx>|<from>|<written>":
#   86||1|0|75|8.6(7.5)   sm_86 built from compute_75     90a|...: suffix 'a'
#   sass/ptx are 1 or 0; from is the virtual architecture (e.g. 75, 100f) when it is not
#   the entry's own, else empty; written is what first asked for the entry (the token, the
#   GPU name, the keyword), for resolution's messages, plus "|<note>" where a keyword
#   expander adds one (see _cudaarch_parse_impl).
# Parsing collects "contributions" "<key>|<S, P or SP>|<from>|<written>" (key: NN plus
# suffix) and merges them into the model.
#
# Results, warnings and errors travel through out-variables; only the public functions
# print. Errors are the texts of docs/notation.md, without a function-name prefix.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/notation/parser.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/notation/renderers.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/notation/dialects.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/notation/torch_spelling.cmake")

# The engine of cudaarch_format, and of cudaarch_parse with format CMAKE: parses <spec>
# (arguments joined with ';') read in <dialect> (empty for the default) and writes it in
# <format>. <warnings_var> receives the warnings (a list): in the TORCH dialect what PyTorch
# would reject (_cudaarch_torch_spelling), then the lossy format's; <error_var> the first
# error or an empty string; <out_var> is empty on an error.
function(_cudaarch_format_impl out_var warnings_var error_var format dialect spec)
  set(${out_var} "" PARENT_SCOPE)
  set(${warnings_var} "" PARENT_SCOPE)
  string(TOUPPER "${format}" format_name)
  get_property(formats GLOBAL PROPERTY _CUDAARCH_FORMATS)
  _cudaarch_dialect_name(dialect_name error "${dialect}")
  if(NOT format_name IN_LIST formats)
    _cudaarch_unknown_value(error format formats "${format}" ${formats})
  elseif(error STREQUAL "")
    _cudaarch_parse_impl(model error "${dialect_name}" "${spec}")
  endif()
  _cudaarch_propagate_error(error ${error_var})
  _cudaarch_format_model(result warnings error ${format_name} "${model}")
  _cudaarch_propagate_error(error ${error_var})
  _cudaarch_add_torch_spelling(warnings "${dialect_name}" "${spec}")
  set(${out_var} "${result}" PARENT_SCOPE)
  set(${warnings_var} "${warnings}" PARENT_SCOPE)
  set(${error_var} "" PARENT_SCOPE)
endfunction()

# <out_model> = the model of <list>, a CMake-format list CudaArch wrote (an intersection's),
# parsed once per CMake run: the targets and sources that share a support list share it.
function(_cudaarch_list_model out_model list)
  string(SHA256 memo "${list}")
  get_property(known GLOBAL PROPERTY _CUDAARCH_LIST_MODEL_${memo} SET)
  if(known)
    get_property(model GLOBAL PROPERTY _CUDAARCH_LIST_MODEL_${memo})
  else()
    _cudaarch_parse_impl(model error "" "${list}")
    set_property(GLOBAL PROPERTY _CUDAARCH_LIST_MODEL_${memo} "${model}")
  endif()
  set(${out_model} "${model}" PARENT_SCOPE)
endfunction()
