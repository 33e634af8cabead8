# SPDX-License-Identifier: Apache-2.0
# Internal, part of the notation engine (see ../notation.cmake): the parser. Reads a spec
# word by word into contributions: notation tokens, GPU names, keywords (through an
# expander) and nvcc flags (-gencode, -arch, -code), merged into the model.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../database.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/text.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/lexer.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/products.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/model.cmake")

# nvcc's rule for SASS <rnn><rs> built from virtual <vnn><vs>: the key of the SASS it
# yields (an 'f' virtual architecture yields the 'f' image of a plain code) and its
# built-from, empty when that is the SASS's own virtual architecture.
function(_cudaarch_build_pair out_key out_from out_error quote vnn vs rnn rs)
  set(code "sm_${rnn}${rs}")
  set(reason "")
  if(vs STREQUAL "a")
    if(NOT (rnn EQUAL vnn AND rs STREQUAL "a"))
      set(reason "an 'a' virtual architecture builds only its own real architecture")
    endif()
  elseif(vs STREQUAL "f")
    math(EXPR vmajor "${vnn} / 10")
    math(EXPR rmajor "${rnn} / 10")
    get_property(vtegra GLOBAL PROPERTY _CUDAARCH_CC_${vnn}_TEGRA)
    get_property(rtegra GLOBAL PROPERTY _CUDAARCH_CC_${rnn}_TEGRA)
    if(NOT (vmajor EQUAL rmajor AND rnn GREATER_EQUAL vnn AND vtegra STREQUAL rtegra))
      set(reason "an 'f' virtual architecture builds only its family at an equal or higher minor")
    elseif(NOT rs STREQUAL "a")
      set(rs f)
    endif()
  elseif(rnn LESS vnn)
    set(reason "a virtual architecture builds only equal or newer real ones")
  endif()
  if(NOT reason STREQUAL "")
    _cudaarch_quote(q "${quote}")
    set(${out_error} "${q}: compute_${vnn}${vs} cannot build ${code} (${reason})."
        PARENT_SCOPE)
    return()
  endif()
  set(from "${vnn}${vs}")
  if(from STREQUAL "${rnn}${rs}")
    set(from "")
  endif()
  set(${out_key} "${rnn}${rs}" PARENT_SCOPE)
  set(${out_from} "${from}" PARENT_SCOPE)
  set(${out_error} "" PARENT_SCOPE)
endfunction()

# What nvcc's -arch=sm_NN / -arch=compute_NN alone embeds: the code and its PTX (PTX
# only for compute_), and for an 'a' or 'f' target also the plain PTX.
function(_cudaarch_arch_shorthand out_var kind nn s written)
  set(flags P)
  if(kind STREQUAL "sm")
    set(flags SP)
  endif()
  set(result "${nn}${s}|${flags}||${written}")
  if(NOT s STREQUAL "")
    list(APPEND result "${nn}|P||${written}")
  endif()
  set(${out_var} "${result}" PARENT_SCOPE)
endfunction()

# The contributions of <keyword>, asked of the closure <expander> (see _cudaarch_parse_impl),
# which is given <written> to record; without an expander a keyword is an error.
function(_cudaarch_keyword out_contrib out_warnings out_error expander keyword written)
  set(contrib "")
  set(warnings "")
  set(error "")
  if(expander STREQUAL "")
    _cudaarch_quote(q "${keyword}")
    set(error "${q} is a keyword, not an architecture; cudaarch_resolve and 'cudaarch resolve' \
expand it.")
  else()
    list(GET expander 0 command)
    cmake_language(CALL ${command} contrib warnings error "${expander}" "${keyword}" "${written}")
  endif()
  set(${out_contrib} "${contrib}" PARENT_SCOPE)
  set(${out_warnings} "${warnings}" PARENT_SCOPE)
  set(${out_error} "${error}" PARENT_SCOPE)
endfunction()

# One notation token (protected text): its contributions, or kind "" when it is none.
# kind is also "dot" for a plain M.m, which TF reads in two ways.
function(_cudaarch_token_entries out_contrib out_kind out_error token dialect)
  _cudaarch_classify(kind nn s vnn vs "${token}")
  set(${out_kind} "${kind}" PARENT_SCOPE)
  set(${out_error} "" PARENT_SCOPE)
  if(kind STREQUAL "")
    return()
  endif()
  _cudaarch_check_cc(error "${token}" ${nn} "${s}")
  if(error STREQUAL "" AND kind STREQUAL "pair")
    _cudaarch_check_cc(error "${token}" ${vnn} "${vs}")
  endif()
  _cudaarch_propagate_error(error ${out_error})
  set(flags S)
  set(from "")
  if(kind STREQUAL "pair")
    _cudaarch_build_pair(key from error "${token}" ${vnn} "${vs}" ${nn} "${s}")
    _cudaarch_propagate_error(error ${out_error})
    string(REGEX REPLACE "^[0-9]+" "" s "${key}")
  elseif(dialect STREQUAL "NVCC" AND kind MATCHES "^(sm|compute)$")
    _cudaarch_arch_shorthand(contrib ${kind} ${nn} "${s}" "${token}")
    set(${out_contrib} "${contrib}" PARENT_SCOPE)
    return()
  elseif(kind STREQUAL "dotptx"
         OR (kind STREQUAL "num" AND NOT dialect MATCHES "^(TORCH|OPENCV)$")
         OR (kind STREQUAL "compute" AND dialect STREQUAL "TF"))
    set(flags SP)
  elseif(kind MATCHES "^(virtual|compute)$")
    set(flags P)
  endif()
  set(${out_contrib} "${nn}${s}|${flags}|${from}|${token}" PARENT_SCOPE)
endfunction()

# PyTorch's named architectures (torch records of the database), as its cpp_extension
# replaces them in the list: "Ampere" is "8.0 8.6+PTX", and a "+PTX" after a name goes to
# its last item, so that "Volta+Tegra+PTX" is 7.2+PTX but "Hopper+PTX" (9.0+PTX+PTX) is no
# architecture. Names match in exact case. Empty contributions: <word> is no name.
function(_cudaarch_torch_name out_contrib out_error word)
  set(${out_contrib} "" PARENT_SCOPE)
  set(${out_error} "" PARENT_SCOPE)
  set(ptx "")
  get_property(items GLOBAL PROPERTY "_CUDAARCH_TORCH_${word}")
  if("${items}" STREQUAL "" AND word MATCHES "^(.+)\\+PTX$")
    get_property(items GLOBAL PROPERTY "_CUDAARCH_TORCH_${CMAKE_MATCH_1}")
    set(ptx "+PTX")
  endif()
  if("${items}" STREQUAL "")
    return()
  endif()
  if(NOT ptx STREQUAL "" AND items MATCHES "\\+PTX$")
    _cudaarch_unknown_error(error "${word}")
    set(${out_error} "${error}" PARENT_SCOPE)
    return()
  endif()
  string(APPEND items "${ptx}")
  string(REPLACE " " ";" items "${items}")
  set(contrib "")
  foreach(item IN LISTS items)
    _cudaarch_token_entries(entry kind error "${item}" TORCH)
    _cudaarch_propagate_error(error ${out_error})
    string(REGEX REPLACE "\\|[^|]*$" "|${word}" entry "${entry}")
    list(APPEND contrib "${entry}")
  endforeach()
  set(${out_contrib} "${contrib}" PARENT_SCOPE)
endfunction()

# The head of <window> (a run of protected words that may form one GPU name): a
# keyword, a notation, or the longest GPU name, or an error. Also returns how many words
# it took, and a keyword's warnings.
function(_cudaarch_resolve_head out_contrib out_warnings out_used out_kind out_error dialect expander
         window)
  list(GET window 0 head)
  set(${out_used} 1 PARENT_SCOPE)
  set(${out_warnings} "" PARENT_SCOPE)
  if(dialect STREQUAL "TORCH")
    _cudaarch_torch_name(contrib error "${head}")
    if(NOT contrib STREQUAL "" OR NOT error STREQUAL "")
      set(${out_kind} name PARENT_SCOPE)
      set(${out_contrib} "${contrib}" PARENT_SCOPE)
      set(${out_error} "${error}" PARENT_SCOPE)
      return()
    endif()
  endif()
  _cudaarch_is_keyword(keyword "${head}")
  if(keyword)
    _cudaarch_keyword(contrib warnings error "${expander}" "${head}" "${head}")
    set(${out_kind} keyword PARENT_SCOPE)
    set(${out_contrib} "${contrib}" PARENT_SCOPE)
    set(${out_warnings} "${warnings}" PARENT_SCOPE)
    set(${out_error} "${error}" PARENT_SCOPE)
    return()
  endif()
  _cudaarch_token_entries(contrib kind error "${head}" "${dialect}")
  set(${out_kind} "${kind}" PARENT_SCOPE)
  set(${out_contrib} "${contrib}" PARENT_SCOPE)
  _cudaarch_propagate_error(error ${out_error})
  if(NOT kind STREQUAL "")
    return()
  endif()
  _cudaarch_match_product(nn name used "${window}")
  list(LENGTH window n)
  if(NOT nn STREQUAL "" AND used LESS n)
    # A name followed by words that read as nothing is one unknown name ("NVIDIA H100 80GB
    # HBM9"), never a product and a fragment.
    list(SUBLIST window ${used} -1 rest)
    _cudaarch_parses_alone(alone "${rest}")
    if(NOT alone)
      _cudaarch_unknown_error(error "${window}" ${used} "${name}")
      set(${out_error} "${error}" PARENT_SCOPE)
      return()
    endif()
  endif()
  if(NOT nn STREQUAL "")
    set(${out_used} ${used} PARENT_SCOPE)
    set(${out_kind} name PARENT_SCOPE)
    set(${out_contrib} "${nn}|S||${name}" PARENT_SCOPE)
    return()
  endif()
  _cudaarch_unknown_error(error "${window}")
  set(${out_error} "${error}" PARENT_SCOPE)
endfunction()

# The code names <items> (protected list) built from virtual architecture <vnn><vs>;
# <quote> is the flag or value as written, for messages.
function(_cudaarch_build_codes out_contrib out_error quote vnn vs items)
  set(contrib "")
  foreach(item IN LISTS items)
    _cudaarch_classify(kind nn s ignored ignored "${item}")
    if(NOT kind MATCHES "^(sm|compute)$")
      _cudaarch_unknown_error(error "${item}")
    else()
      _cudaarch_check_cc(error "${item}" ${nn} "${s}")
    endif()
    _cudaarch_propagate_error(error ${out_error})
    if(kind STREQUAL "sm")
      _cudaarch_build_pair(key from error "${quote}" ${vnn} "${vs}" ${nn} "${s}")
      _cudaarch_propagate_error(error ${out_error})
      list(APPEND contrib "${key}|S|${from}|${item}")
    elseif(NOT "${nn}${s}" STREQUAL "${vnn}${vs}")
      _cudaarch_quote(q "${quote}")
      set(${out_error} "${q}: code=compute_${nn}${s} must equal arch= (compute_${vnn}${vs})."
          PARENT_SCOPE)
      return()
    else()
      list(APPEND contrib "${nn}${s}|P||${item}")
    endif()
  endforeach()
  set(${out_contrib} "${contrib}" PARENT_SCOPE)
  set(${out_error} "" PARENT_SCOPE)
endfunction()

# The fields of the -gencode value <value> (<q>: it quoted, for messages): <out_arch> and
# <out_code> (its codes, commas kept), <out_has_arch> and <out_has_code> whether it names
# them; <out_error> when its brackets or fields are malformed.
function(_cudaarch_gencode_fields out_arch out_code out_has_arch out_has_code out_error q value)
  # More '[' than ']' (code=[[sm_80,compute_80]): nvcc's "Stray '['".
  string(REGEX REPLACE "[^[]" "" opens "${value}")
  string(REGEX REPLACE "[^]]" "" closes "${value}")
  string(LENGTH "${opens}" opens)
  string(LENGTH "${closes}" closes)
  if(opens GREATER closes)
    set(${out_error} "${q}: unclosed '['." PARENT_SCOPE)
    return()
  endif()
  set(${out_error} "" PARENT_SCOPE)
  set(rest "${value}")
  set(arch "")
  set(code "")
  set(has_arch FALSE)
  set(has_code FALSE)
  # Split at the commas outside [...].
  while(NOT rest STREQUAL "")
    if(NOT rest MATCHES "^([^,[]*(\\[[^]]*\\])?[^,[]*)(,(.*))?$")
      set(${out_error} "${q}: unclosed '['." PARENT_SCOPE)
      return()
    endif()
    set(part "${CMAKE_MATCH_1}")
    set(rest "${CMAKE_MATCH_4}")
    string(TOLOWER "${part}" lower)
    if(part STREQUAL "")
      continue()
    elseif(lower MATCHES "^arch=" AND NOT has_arch AND NOT has_code)
      string(SUBSTRING "${part}" 5 -1 arch)
      set(has_arch TRUE)
    elseif(lower MATCHES "^code=" AND NOT has_code)
      string(SUBSTRING "${part}" 5 -1 code)
      set(has_code TRUE)
    elseif(has_code AND NOT part MATCHES "=")
      string(APPEND code ",${part}")
    else()
      set(${out_error} "${q}: expected arch=<virtual>,code=<codes>." PARENT_SCOPE)
      return()
    endif()
  endwhile()
  set(${out_arch} "${arch}" PARENT_SCOPE)
  set(${out_code} "${code}" PARENT_SCOPE)
  set(${out_has_arch} ${has_arch} PARENT_SCOPE)
  set(${out_has_code} ${has_code} PARENT_SCOPE)
endfunction()

# A -gencode value "arch=compute_V,code=C" (restored text). C is one name, a [list], or
# names that run on after code= separated by commas (the quoted code="sm_80,compute_80").
# Empty parts (a leading, doubled or trailing ',') are skipped, as nvcc skips them.
function(_cudaarch_gencode out_contrib out_error value)
  _cudaarch_quote(q "${value}")
  _cudaarch_gencode_fields(arch code has_arch has_code error "${q}" "${value}")
  _cudaarch_propagate_error(error ${out_error})
  _cudaarch_split_codes(items "${code}")
  if(NOT has_code)
    set(error "${q}: missing code=.")
  elseif(NOT has_arch)
    set(error "${q}: missing arch=.")
  elseif(items STREQUAL "")
    set(error "${q}: code= is empty.")
  else()
    _cudaarch_classify(kind nn s ignored ignored "${arch}")
    if(kind STREQUAL "")
      _cudaarch_unknown_error(error "${arch}")
    elseif(NOT kind STREQUAL "compute")
      _cudaarch_quote(arch_q "${arch}")
      set(error "${q}: arch= must be a virtual architecture such as compute_${nn}${s}, \
not ${arch_q}.")
    else()
      _cudaarch_check_cc(error "${arch}" ${nn} "${s}")
    endif()
  endif()
  _cudaarch_propagate_error(error ${out_error})
  _cudaarch_build_codes(contrib error "${value}" ${nn} "${s}" "${items}")
  set(${out_contrib} "${contrib}" PARENT_SCOPE)
  set(${out_error} "${error}" PARENT_SCOPE)
endfunction()

# The state a parse builds as it reads its words, passed in and handed back by the functions
# that add to it: <merged> (the model, _cudaarch_merge), <seen> (notation tokens merged
# already), <warnings> (the keywords' warnings) and <tf_dots> and <tf_mixed> (what TF's rule
# for PTX reads, _cudaarch_tf_ptx). <window> holds plain items that may still form one GPU
# name. Each <out_x> receives <x> as the call leaves it, and is set only where the call
# changes it (the parse's hot path): the caller names its own variable of each.

# Resolves the head of <window> while it holds at least <min> words, merging what it yields
# (see the state above). A notation token seen before merges to nothing new, so it is only
# popped, whatever the window holds: long lists repeat their few tokens.
function(_cudaarch_drain_window out_window out_seen out_merged out_warnings out_tf_dots
         out_tf_mixed out_error min window seen merged warnings tf_dots dialect expander)
  set(${out_error} "" PARENT_SCOPE)
  list(LENGTH window n)
  while(n GREATER 0)
    list(GET window 0 head)
    set(used 1)
    if(NOT "${head}" IN_LIST seen)
      if(n LESS min)
        break()
      endif()
      _cudaarch_resolve_head(contrib new_warnings used kind error "${dialect}" "${expander}"
                             "${window}")
      _cudaarch_propagate_error(error ${out_error})
      if(NOT new_warnings STREQUAL "")
        list(APPEND warnings "${new_warnings}")
        set(${out_warnings} "${warnings}" PARENT_SCOPE)
      endif()
      if(NOT kind STREQUAL "dot" OR NOT dialect STREQUAL "TF")
        set(${out_tf_mixed} TRUE PARENT_SCOPE)
      elseif(NOT "${contrib}" IN_LIST tf_dots)
        list(APPEND tf_dots "${contrib}")
        set(${out_tf_dots} "${tf_dots}" PARENT_SCOPE)
      endif()
      _cudaarch_merge(merged error "${contrib}")
      _cudaarch_propagate_error(error ${out_error})
      set(${out_merged} "${merged}" PARENT_SCOPE)
      if(NOT kind STREQUAL "name")
        list(APPEND seen "${head}")
        set(${out_seen} "${seen}" PARENT_SCOPE)
      endif()
    endif()
    math(EXPR n "${n} - ${used}")
    if(n GREATER 0)
      list(SUBLIST window ${used} -1 window)
    else()
      set(window "")
    endif()
  endwhile()
  set(${out_window} "${window}" PARENT_SCOPE)
endfunction()

# The words of <spec> (a protected list): split at white space; a ';' is kept as a word of
# its own, since a GPU name never spans one (a ',' splits items too, but not inside flag
# values, so the parser splits at it). An empty word ends the list: no word is empty.
function(_cudaarch_spec_words out_var spec)
  _cudaarch_placeholders(_cudaarch_sep _cudaarch_lb _cudaarch_rb _cudaarch_bs)
  # The user's own placeholder bytes must not read as ';', '[', ']' or '\'.
  string(REGEX REPLACE "[${_cudaarch_sep}${_cudaarch_lb}${_cudaarch_rb}${_cudaarch_bs}]" "?"
         spec "${spec}")
  _cudaarch_placeholder_text(spec PROTECT "${spec}")
  string(ASCII 11 12 vf)
  string(REGEX MATCHALL "[^${_cudaarch_sep} \t\r\n${vf}]+|${_cudaarch_sep}" words "${spec}")
  list(APPEND words "")
  set(${out_var} "${words}" PARENT_SCOPE)
endfunction()

# A word that starts with '-' (protected text): <flag> gencode, arch or code, the flag as
# written, its value after '=' and whether there was an '=' (else the next word is the
# value), or an error for a flag that names no architectures.
function(_cudaarch_flag_start out_flag out_text out_value out_has_value out_error word)
  set(${out_error} "" PARENT_SCOPE)
  string(REGEX MATCH "^([^=]*)(=?)(.*)$" ignored "${word}")
  set(flag_text "${CMAKE_MATCH_1}")
  set(has_value "${CMAKE_MATCH_2}")
  set(value "${CMAKE_MATCH_3}")
  string(TOLOWER "${flag_text}" flag)
  if(flag MATCHES "^(-gencode|--generate-code)$")
    set(flag gencode)
  elseif(flag MATCHES "^(-arch|--gpu-architecture)$")
    set(flag arch)
  elseif(flag MATCHES "^(-code|--gpu-code)$")
    set(flag code)
  else()
    _cudaarch_placeholder_text(word RESTORE "${word}")
    _cudaarch_unknown_value(unknown "architecture flag" accepted "${word}" -gencode --generate-code -arch
      --gpu-architecture -code --gpu-code)
    set(${out_error} "${unknown}" PARENT_SCOPE)
    return()
  endif()
  if(has_value AND value STREQUAL "")
    _cudaarch_quote(q "${flag_text}")
    _cudaarch_missing_value(missing "${q}")
    set(${out_error} "${missing}." PARENT_SCOPE)
    return()
  elseif(has_value)
    string(APPEND flag_text "=${value}")
  endif()
  set(${out_flag} "${flag}" PARENT_SCOPE)
  set(${out_text} "${flag_text}" PARENT_SCOPE)
  set(${out_value} "${value}" PARENT_SCOPE)
  set(${out_has_value} "${has_value}" PARENT_SCOPE)
endfunction()

# <flags> (a CMAKE_CUDA_FLAGS value) split in two: <out_architecture> = the words that are
# nvcc's -gencode, -arch or -code flags (_cudaarch_flag_start), each with its value, joined
# with spaces (empty when there are none: find_package(Torch) leaves its TORCH_CUDA_ARCH_LIST
# there as -gencode flags); <out_other> = the other words, a list.
function(_cudaarch_split_nvcc_flags out_architecture out_other flags)
  separate_arguments(words UNIX_COMMAND "${flags}")
  set(architecture "")
  set(other "")
  set(take_next FALSE)
  foreach(word IN LISTS words)
    if(take_next)
      list(APPEND architecture "${word}")
      set(take_next FALSE)
      continue()
    elseif(word MATCHES "^-")
      _cudaarch_flag_start(flag text value has_value error "${word}")
      if(error STREQUAL "")
        list(APPEND architecture "${word}")
        if(NOT has_value)
          set(take_next TRUE)
        endif()
        continue()
      endif()
    endif()
    list(APPEND other "${word}")
  endforeach()
  list(JOIN architecture " " architecture)
  set(${out_architecture} "${architecture}" PARENT_SCOPE)
  set(${out_other} "${other}" PARENT_SCOPE)
endfunction()

# A complete flag merged into the parse's state (<merged> and <warnings>, described above
# _cudaarch_drain_window): <flag> (gencode, arch or code) with <value>, both protected text,
# <flag_text> as written, after the -arch <arch> seen so far (<arch_text> as written; both
# empty before one), which <arch_coded> says a -code or a keyword has used (a -code needs an
# -arch; an -arch without -code embeds its shorthand at the end). Sets <out_merged>,
# <out_warnings> (an -arch keyword's appended), <out_arch>, <out_arch_text> and <out_coded>
# to what they are after this flag.
function(_cudaarch_add_flag out_merged out_warnings out_error out_arch out_arch_text out_coded
         flag flag_text value expander arch arch_text arch_coded merged warnings)
  _cudaarch_placeholder_text(value RESTORE "${value}")
  _cudaarch_placeholder_text(flag_text RESTORE "${flag_text}")
  set(contrib "")
  set(new_warnings "")
  set(error "")
  if(flag STREQUAL "gencode")
    _cudaarch_gencode(contrib error "${value}")
  elseif(flag STREQUAL "arch" AND NOT arch STREQUAL "")
    _cudaarch_quote(first "${arch}")
    _cudaarch_quote(q "${value}")
    set(error "'-arch' appears twice (${first}, then ${q}); nvcc would keep only the \
last: write one -gencode per architecture.")
  elseif(flag STREQUAL "arch")
    _cudaarch_classify(kind nn s ignored ignored "${value}")
    _cudaarch_is_keyword(keyword "${value}")
    if(keyword)
      # -arch=all and friends expand like the bare keyword; -code cannot follow them.
      _cudaarch_keyword(contrib new_warnings error "${expander}" "${value}" "${flag_text}")
      set(arch_coded TRUE)
    elseif(kind MATCHES "^(sm|compute)$")
      _cudaarch_check_cc(error "${value}" ${nn} "${s}")
    else()
      _cudaarch_unknown_error(error "${value}")
    endif()
    set(arch "${value}")
    set(arch_text "${flag_text}")
  elseif(arch STREQUAL "")
    _cudaarch_quote(q "${flag_text}")
    set(error "${q} needs an -arch=compute_XY before it.")
  else()
    _cudaarch_classify(arch_kind arch_nn arch_s ignored ignored "${arch}")
    _cudaarch_is_keyword(arch_keyword "${arch}")
    if(arch_keyword OR arch_kind STREQUAL "sm")
      _cudaarch_quote(q "${arch_text}")
      set(error "${q} must name a virtual architecture (compute_XY) when -code is given.")
    else()
      set(arch_coded TRUE)
      _cudaarch_split_codes(items "${value}")
      _cudaarch_build_codes(contrib error "${flag_text}" ${arch_nn} "${arch_s}" "${items}")
    endif()
  endif()
  if(NOT new_warnings STREQUAL "")
    list(APPEND warnings "${new_warnings}")
  endif()
  if(error STREQUAL "")
    _cudaarch_merge(merged error "${contrib}")
  endif()
  set(${out_merged} "${merged}" PARENT_SCOPE)
  set(${out_warnings} "${warnings}" PARENT_SCOPE)
  set(${out_error} "${error}" PARENT_SCOPE)
  set(${out_arch} "${arch}" PARENT_SCOPE)
  set(${out_arch_text} "${arch_text}" PARENT_SCOPE)
  set(${out_coded} "${arch_coded}" PARENT_SCOPE)
endfunction()

# TF's rule for PTX, as contributions: a list of plain M.m numbers (<tf_dots>, their
# contributions) gives PTX only to the highest; a list mixed with other items to each.
function(_cudaarch_tf_ptx out_contrib tf_dots tf_mixed)
  if(NOT tf_dots STREQUAL "")
    list(TRANSFORM tf_dots REPLACE "\\|.*" "")
    if(NOT tf_mixed)
      _cudaarch_sort_keys(tf_dots "${tf_dots}")
      list(GET tf_dots -1 tf_dots)
    endif()
    list(TRANSFORM tf_dots APPEND "|P||")
  endif()
  set(${out_contrib} "${tf_dots}" PARENT_SCOPE)
endfunction()

# The model of a parse (<out_model>) from what it merged (<merged>) and what it adds after its
# last word: the shorthand of an -arch <arch> that no -code or keyword used (<arch_coded>),
# then TF's PTX (_cudaarch_tf_ptx).
function(_cudaarch_parse_tail out_model out_error merged arch arch_coded tf_dots tf_mixed)
  set(contrib "")
  if(NOT arch STREQUAL "" AND NOT arch_coded)
    _cudaarch_classify(kind nn s ignored ignored "${arch}")
    _cudaarch_arch_shorthand(contrib ${kind} ${nn} "${s}" "${arch}")
  endif()
  _cudaarch_tf_ptx(tf_contrib "${tf_dots}" ${tf_mixed})
  list(APPEND contrib ${tf_contrib})
  _cudaarch_merge(merged error "${contrib}")
  # Read back even after an error, which the caller then returns instead: no test on the way.
  _cudaarch_merged_model(model "${merged}")
  set(${out_model} "${model}" PARENT_SCOPE)
  set(${out_error} "${error}" PARENT_SCOPE)
endfunction()

# A plain word <word> that holds an nvcc flag after a ',' (7.5,-gencode ...): <out_items> the
# items before the flag, with the ',' that ends them, and <out_flag> the flag on, whose value
# keeps its commas.
function(_cudaarch_split_at_flag out_items out_flag word)
  string(REGEX MATCH ",+(-|[Aa][Rr][Cc][Hh]=|[Cc][Oo][Dd][Ee]=).*$" flag_word "${word}")
  string(LENGTH "${word}" n)
  string(LENGTH "${flag_word}" flag_n)
  math(EXPR n "${n} - ${flag_n}")
  string(SUBSTRING "${word}" 0 ${n} items)
  string(REGEX REPLACE "^,+" "" flag_word "${flag_word}")
  set(${out_items} "${items}," PARENT_SCOPE)
  set(${out_flag} "${flag_word}" PARENT_SCOPE)
endfunction()

# The plain items of <word> (notations and the words of GPU names, separated by ','), added
# to the window of words that may still form one GPU name, <window_size> words at most
# (the state is described above _cudaarch_drain_window). <joinable>: the word follows the
# window's last item by white space; <out_joinable> receives whether the next word will.
function(_cudaarch_parse_items out_window out_joinable out_seen out_merged out_warnings
         out_tf_dots out_tf_mixed out_error word joinable window_size window seen merged
         warnings tf_dots tf_mixed dialect expander)
  set(${out_error} "" PARENT_SCOPE)
  string(REGEX MATCHALL "[^,]+" items "${word}")
  if(word MATCHES "^,")
    set(joinable FALSE)
  endif()
  set(drained FALSE)
  foreach(item IN LISTS items)
    if(NOT joinable AND NOT window STREQUAL "")
      _cudaarch_drain_window(window seen merged warnings tf_dots tf_mixed error 1 "${window}"
        "${seen}" "${merged}" "${warnings}" "${tf_dots}" "${dialect}" "${expander}")
      _cudaarch_propagate_error(error ${out_error})
      set(drained TRUE)
    endif()
    set(joinable FALSE)
    if(window STREQUAL "" AND "${item}" IN_LIST seen)  # see _cudaarch_parse_impl
      continue()
    endif()
    list(APPEND window "${item}")
    list(LENGTH window n)
    if(NOT n LESS window_size)
      _cudaarch_drain_window(window seen merged warnings tf_dots tf_mixed error ${window_size}
        "${window}" "${seen}" "${merged}" "${warnings}" "${tf_dots}" "${dialect}" "${expander}")
      _cudaarch_propagate_error(error ${out_error})
      set(drained TRUE)
    endif()
  endforeach()
  if(NOT word MATCHES ",$")
    set(joinable TRUE)
  endif()
  set(${out_window} "${window}" PARENT_SCOPE)
  set(${out_joinable} "${joinable}" PARENT_SCOPE)
  if(drained)
    foreach(name IN ITEMS seen merged warnings tf_dots tf_mixed)
      set(${out_${name}} "${${name}}" PARENT_SCOPE)
    endforeach()
  endif()
endfunction()

# One word (protected text) of an nvcc flag or its value, after the <flag> read so far
# (gencode, arch or code, or empty), <flag_text> (as written), <value> and <value_open> (a
# '[' in the value that a later word may close); <out_flag>, <out_text>, <out_value> and
# <out_open> receive them after the word, which is the empty word that ends the words only
# where a flag is waiting for its value. <step>: "more" when the flag needs more words,
# "complete" when flag and value are.
function(_cudaarch_flag_word out_step out_error out_flag out_text out_value out_open
         word flag flag_text value value_open)
  _cudaarch_placeholders(_cudaarch_sep _cudaarch_lb _cudaarch_rb _cudaarch_bs)
  set(${out_error} "" PARENT_SCOPE)
  set(${out_step} more PARENT_SCOPE)
  set(${out_open} "${value_open}" PARENT_SCOPE)
  set(has_value "")  # whether a flag word itself holds its value (_cudaarch_flag_start)
  if(word STREQUAL "")
    if(NOT value_open)
      _cudaarch_quote(q "${flag_text}")
      _cudaarch_missing_value(missing "${q}")
      set(${out_error} "${missing}." PARENT_SCOPE)
      return()
    endif()
  elseif(value_open)
    if(NOT word STREQUAL _cudaarch_sep)
      string(APPEND value " ${word}")
      string(APPEND flag_text " ${word}")
    endif()
  elseif(word STREQUAL _cudaarch_sep OR (NOT flag STREQUAL "" AND word MATCHES "^,+$"))
    return()
  elseif(NOT flag STREQUAL "")
    # A ',' between a flag and its value separates, as it does between items.
    string(REGEX REPLACE "^,+" "" word "${word}")
    set(value "${word}")
    string(APPEND flag_text " ${word}")
  elseif(word MATCHES "^-")
    _cudaarch_flag_start(flag flag_text value has_value error "${word}")
    set(${out_error} "${error}" PARENT_SCOPE)
  else()  # arch=... or code=...: a -gencode value without the flag
    set(flag gencode)
    set(value "${word}")
    set(flag_text "${word}")
  endif()
  set(${out_flag} "${flag}" PARENT_SCOPE)
  set(${out_text} "${flag_text}" PARENT_SCOPE)
  set(${out_value} "${value}" PARENT_SCOPE)
  if(word MATCHES "^-" AND NOT has_value)
    return()
  elseif(value_open AND NOT word STREQUAL "" AND NOT word MATCHES "${_cudaarch_rb}")
    return()
  endif()
  # The flag's value is complete, unless a '[' in it is still open.
  if(NOT word STREQUAL "" AND value MATCHES "${_cudaarch_lb}[^${_cudaarch_rb}]*$")
    set(${out_open} TRUE PARENT_SCOPE)
    return()
  endif()
  set(${out_step} complete PARENT_SCOPE)
endfunction()

# The model of <words> (_cudaarch_spec_words) in <dialect> with <expander>, as
# _cudaarch_parse_impl describes: <out_model>, <out_warnings> (the keywords'), <out_error>.
# One loop over the words, the whole body replayed for each: the parse's hot path.
function(_cudaarch_parse_words out_model out_warnings out_error words dialect expander)
  _cudaarch_placeholders(_cudaarch_sep _cudaarch_lb _cudaarch_rb _cudaarch_bs)
  get_property(window_size GLOBAL PROPERTY _CUDAARCH_PRODUCT_MAX_WORDS)
  # One more than the longest name: a user may add a leading NVIDIA.
  math(EXPR window_size "${window_size} + 1")
  set(merged "")         # the model being built (_cudaarch_merge)
  set(seen "")           # notation tokens merged already
  set(keyword_warnings "")
  set(tf_dots "")
  set(tf_mixed FALSE)
  set(arch "")           # the -arch seen, as written (_cudaarch_add_flag)
  set(arch_text "")
  set(arch_coded FALSE)
  set(window "")         # plain items that may still form one GPU name
  set(joinable FALSE)    # the next item follows the window's last one by white space
  set(flag "")           # a flag waiting for its value: gencode, arch or code
  set(flag_text "")      # the flag (and value) as written, for messages
  set(value "")
  set(value_open FALSE)  # the value has a '[' that a later word may close
  foreach(word IN LISTS words)
    # The common words first, as the whole body is replayed for each word.
    if(flag STREQUAL "" AND word STREQUAL _cudaarch_sep)
      set(joinable FALSE)  # the window drains before the next item, or flag, or the end
      continue()
    elseif(flag STREQUAL "" AND window STREQUAL "" AND "${word}" IN_LIST seen)
      # A notation seen before adds nothing (see _cudaarch_drain_window), and it cannot
      # start a GPU name, only continue one pending in the window.
      set(joinable TRUE)
      continue()
    elseif(flag STREQUAL ""
           AND NOT word MATCHES "^(-|[Aa][Rr][Cc][Hh]=|[Cc][Oo][Dd][Ee]=|$)")
      # A ',' ends an item, and an nvcc flag may start after it (7.5,-gencode ...): the
      # items before it, then the flag, whose value keeps its commas.
      set(flag_word "")
      if(word MATCHES ",(-|[Aa][Rr][Cc][Hh]=|[Cc][Oo][Dd][Ee]=)")
        _cudaarch_split_at_flag(word flag_word "${word}")
      endif()
      _cudaarch_parse_items(window joinable seen merged keyword_warnings tf_dots tf_mixed error
        "${word}" ${joinable} ${window_size} "${window}" "${seen}" "${merged}"
        "${keyword_warnings}" "${tf_dots}" "${tf_mixed}" "${dialect}" "${expander}")
      _cudaarch_propagate_error(error ${out_error})
      if(flag_word STREQUAL "")
        continue()
      endif()
      set(word "${flag_word}")
    endif()

    # Flags and their values. A flag, or the end (an empty word), ends the window's GPU name.
    if(flag STREQUAL "" AND NOT value_open AND NOT window STREQUAL ""
       AND word MATCHES "^(-|[Aa][Rr][Cc][Hh]=|[Cc][Oo][Dd][Ee]=|$)")
      _cudaarch_drain_window(window seen merged keyword_warnings tf_dots tf_mixed error 1
        "${window}" "${seen}" "${merged}" "${keyword_warnings}" "${tf_dots}" "${dialect}"
        "${expander}")
      _cudaarch_propagate_error(error ${out_error})
    endif()
    if(word STREQUAL "" AND flag STREQUAL "")
      break()  # the end, and no flag waits for its value (one whose value is open has a flag)
    endif()
    _cudaarch_flag_word(step error flag flag_text value value_open "${word}" "${flag}" "${flag_text}"
                        "${value}" "${value_open}")
    _cudaarch_propagate_error(error ${out_error})
    if(step STREQUAL "more")
      continue()
    endif()
    set(value_open FALSE)
    set(joinable FALSE)
    set(tf_mixed TRUE)
    _cudaarch_add_flag(merged keyword_warnings error arch arch_text arch_coded "${flag}" "${flag_text}"
      "${value}" "${expander}" "${arch}" "${arch_text}" "${arch_coded}" "${merged}" "${keyword_warnings}")
    _cudaarch_propagate_error(error ${out_error})
    set(flag "")
  endforeach()

  _cudaarch_parse_tail(model error "${merged}" "${arch}" ${arch_coded} "${tf_dots}" ${tf_mixed})
  _cudaarch_propagate_error(error ${out_error})
  set(${out_model} "${model}" PARENT_SCOPE)
  set(${out_warnings} "${keyword_warnings}" PARENT_SCOPE)
  set(${out_error} "" PARENT_SCOPE)
endfunction()

# Parses <spec> (items of every notation; arguments joined with ';') in <dialect>
# (upper case, empty for the default) into the model described at the top.
#
# Keywords are an error unless <expander> is a closure (_cudaarch_bind) of a function that
# expands them, called with the closure, to read what is bound in it (_cudaarch_unbind):
#   <function>(<out_contrib> <out_warnings> <out_error> <closure> <keyword> <written>)
# It sets contributions (see the top; each with <written>, plus "|<note>" if it likes),
# warnings (a list, ';' escaped) or an error. <warnings_var> receives those warnings.
function(_cudaarch_parse_impl out_model out_error dialect spec) # [<expander> <warnings_var>]
  # ARGV4 and ARGV5 only when given: an unset ARGV<n> reads the caller's variable of that
  # name (cudaarch_parse(out Turing FROM TORCH ...) would make "TORCH" the expander).
  set(expander "")
  if(ARGC GREATER 5)
    set(expander "${ARGV4}")
    set(warnings_var "${ARGV5}")
    set(${warnings_var} "" PARENT_SCOPE)
  endif()
  _cudaarch_load_database()
  _cudaarch_spec_words(words "${spec}")
  _cudaarch_parse_words(model warnings error "${words}" "${dialect}" "${expander}")
  _cudaarch_propagate_error(error ${out_error})
  set(${out_model} "${model}" PARENT_SCOPE)
  set(${out_error} "" PARENT_SCOPE)
  if(NOT expander STREQUAL "")
    set(${warnings_var} "${warnings}" PARENT_SCOPE)
  endif()
endfunction()
