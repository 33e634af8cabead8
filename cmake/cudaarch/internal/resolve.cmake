# SPDX-License-Identifier: Apache-2.0
# Internal: resolution, the engine of cudaarch_resolve (and of the functions that set
# architectures): keywords expanded against what an nvcc builds, then every entry checked
# against it. The rules and the message texts are those of src/cudaarch/resolve.cpp and
# docs/cli/resolve.md; tests/vectors/resolve.tsv pins them.
#
# Each function takes what it reads as arguments. The keyword expander, which the notation
# engine calls deep inside a parse, gets the nvcc and resolve's options bound in a closure
# (_cudaarch_bind), by name: version, path and real (the architectures it builds),
# native_fallback, native_ptx, dialect, in_fallback (whether it expands the fallback),
# command (the public command resolving) and hooks (the detection's test hooks,
# _cudaarch_detect_hooks).
#
# Results, warnings and errors travel through out-variables; only the public function
# prints.
include_guard(GLOBAL)

include("${CMAKE_CURRENT_LIST_DIR}/notation.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/toolkit.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/detect.cmake")

# 'written' for a message; an entry that carries a note (see _cudaarch_resolve_native)
# is quoted as 'native' (GPU 0: NVIDIA H200, 9.0).
function(_cudaarch_resolve_quote out_var written)
  string(REGEX MATCH "^([^|]*)\\|?(.*)$" ignored "${written}")
  set(note "${CMAKE_MATCH_2}")
  _cudaarch_quote(q "${CMAKE_MATCH_1}")
  if(NOT note STREQUAL "")
    string(APPEND q " (${note})")
  endif()
  set(${out_var} "${q}" PARENT_SCOPE)
endfunction()

# The model entries <model> as contributions to merge (see notation.cmake).
function(_cudaarch_model_contributions out_var model)
  set(contributions "")
  foreach(entry IN LISTS model)
    string(REGEX MATCH "^([0-9]+)\\|([af]?)\\|([01])\\|([01])\\|(.*)$" ignored "${entry}")
    set(flags "")
    if(CMAKE_MATCH_3)
      set(flags S)
    endif()
    if(CMAKE_MATCH_4)
      string(APPEND flags P)
    endif()
    list(APPEND contributions "${CMAKE_MATCH_1}${CMAKE_MATCH_2}|${flags}|${CMAKE_MATCH_5}")
  endforeach()
  set(${out_var} "${contributions}" PARENT_SCOPE)
endfunction()

# The contributions of the family <word> (lower case): SASS for each of its capabilities
# that <nvcc> (nvcc named for a message) builds (<real>), each with <written>. Sets
# <out_error>, naming the CUDA releases that built them, where it builds none (<q>: the
# keyword quoted).
function(_cudaarch_family_contributions out_contrib out_error word written real q nvcc)
  set(${out_error} "" PARENT_SCOPE)
  set(contrib "")
  get_property(ccs GLOBAL PROPERTY _CUDAARCH_CCS)
  set(first "")
  set(last "")
  set(still_supported FALSE)
  foreach(nn IN LISTS ccs)
    _cudaarch_cc_fields(cc ${nn})
    string(TOLOWER "${cc_family}" family)
    if(NOT family STREQUAL word)
      continue()
    endif()
    set(name "${cc_family}")
    if(first STREQUAL "" OR cc_first VERSION_LESS first)
      set(first "${cc_first}")
    endif()
    if(cc_last STREQUAL "")
      set(still_supported TRUE)
    elseif(last STREQUAL "" OR last VERSION_LESS cc_last)
      set(last "${cc_last}")
    endif()
    if(nn IN_LIST real)
      list(APPEND contrib "${nn}|S||${written}")
    endif()
  endforeach()
  if(contrib STREQUAL "")
    set(releases "CUDA ${first} to ${last} built them")
    if(still_supported)
      set(releases "CUDA ${first} and later build them")
    endif()
    set(${out_error} "${q}: ${nvcc} builds no ${name} architecture; ${releases}." PARENT_SCOPE)
  endif()
  set(${out_contrib} "${contrib}" PARENT_SCOPE)
endfunction()

# The keyword expander given to _cudaarch_parse_impl as a closure (see the top): all,
# all-major, newest and the family names as this nvcc expands them, and native.
function(_cudaarch_resolve_keyword out_contrib out_warnings out_error closure keyword written)
  set(${out_contrib} "" PARENT_SCOPE)
  set(${out_warnings} "" PARENT_SCOPE)
  set(${out_error} "" PARENT_SCOPE)
  string(TOLOWER "${keyword}" word)
  _cudaarch_quote(q "${keyword}")
  if(word STREQUAL "native")
    _cudaarch_resolve_native(contrib warnings error "${closure}" "${q}" "${written}")
    set(${out_contrib} "${contrib}" PARENT_SCOPE)
    set(${out_warnings} "${warnings}" PARENT_SCOPE)
    set(${out_error} "${error}" PARENT_SCOPE)
    return()
  endif()
  _cudaarch_unbind("${closure}" version path real)
  list(FILTER real INCLUDE REGEX "^[0-9]+$")
  set(nvcc "nvcc ${version} (${path})")
  if(real STREQUAL "")
    set(${out_error} "${q}: ${nvcc} builds no architecture." PARENT_SCOPE)
    return()
  endif()
  set(contrib "")
  if(word MATCHES "^all(-major)?$")
    # nvcc: SASS for each (or each X.0 plus the earliest), PTX for the highest X.0.
    list(GET real 0 earliest)
    list(GET real -1 highest_major)
    foreach(nn IN LISTS real)
      if(nn MATCHES "0$")
        set(highest_major ${nn})
      endif()
    endforeach()
    foreach(nn IN LISTS real)
      if(word STREQUAL "all" OR nn MATCHES "0$" OR nn EQUAL earliest)
        set(flags S)
        if(nn EQUAL highest_major)
          set(flags SP)
        endif()
        list(APPEND contrib "${nn}|${flags}||${written}")
      endif()
    endforeach()
  elseif(word STREQUAL "newest")
    list(GET real -1 newest)
    set(contrib "${newest}|SP||${written}")
  else()
    # A family: SASS for each of its capabilities this nvcc builds.
    _cudaarch_family_contributions(contrib error "${word}" "${written}" "${real}" "${q}" "${nvcc}")
    _cudaarch_propagate_error(error ${out_error})
  endif()
  set(${out_contrib} "${contrib}" PARENT_SCOPE)
endfunction()

# native: SASS for each capability cudaarch_detect finds (PTX too for the highest with
# NATIVE_PTX), each noted with its first device for messages. Without a GPU,
# NATIVE_FALLBACK decides: ERROR or nothing stops with the reason, a spec stands in, with
# a warning. <closure>: the expander's (see the top).
function(_cudaarch_resolve_native out_contrib out_warnings out_error closure quoted written)
  set(contrib "")
  set(warnings "")
  set(error "")
  _cudaarch_unbind("${closure}" version path real native_fallback native_ptx dialect in_fallback command hooks)
  if(in_fallback)
    # Reported as "NATIVE_FALLBACK: <this>".
    set(${out_error} "${quoted} cannot stand in for itself; name what to build without a GPU, \
such as all-major." PARENT_SCOPE)
    return()
  endif()
  _cudaarch_detect(capabilities devices reason 60 ${command} "${hooks}")
  string(TOUPPER "${native_fallback}" fallback)
  if(NOT capabilities STREQUAL "")
    list(GET capabilities -1 highest)
    foreach(nn IN LISTS capabilities)
      _cudaarch_dotted(dotted ${nn})
      set(note "compute capability ${dotted}")
      foreach(record IN LISTS devices)
        string(REGEX MATCH "^([^|]*)\\|([^|]*)\\|([^|]*)" ignored "${record}")
        if(CMAKE_MATCH_2 STREQUAL dotted AND NOT CMAKE_MATCH_1 STREQUAL "-")
          set(note "GPU ${CMAKE_MATCH_1}: ${CMAKE_MATCH_3}, ${dotted}")
          break()
        endif()
      endforeach()
      set(flags S)
      if(native_ptx AND nn EQUAL highest)
        set(flags SP)
      endif()
      list(APPEND contrib "${nn}|${flags}||${written}|${note}")
    endforeach()
  elseif(fallback STREQUAL "")
    set(error "${quoted}: no GPU detected: ${reason}. Set CUDAARCH_GPUS to the GPUs to build \
for, or give NATIVE_FALLBACK what to build instead (such as all-major).")
  elseif(fallback STREQUAL "ERROR")
    set(error "${quoted}: no GPU detected: ${reason}.")
  else()
    _cudaarch_bind(expander _cudaarch_resolve_keyword version "${version}" path "${path}" real "${real}"
      native_fallback "${native_fallback}" native_ptx "${native_ptx}" dialect "${dialect}" in_fallback TRUE
      command "${command}" hooks "${hooks}")
    _cudaarch_parse_impl(model error "${dialect}" "${native_fallback}" "${expander}" warnings)
    if(error STREQUAL "")
      _cudaarch_model_contributions(contrib "${model}")
      _cudaarch_quote(spec "${native_fallback}")
      # The reason may hold ';', which the list of warnings must keep.
      string(REPLACE ";" "\\;" used "${quoted}: no GPU detected: ${reason}. Using \
NATIVE_FALLBACK ${spec} instead.")
      list(INSERT warnings 0 "${used}")
    else()
      set(error "NATIVE_FALLBACK: ${error}")
    endif()
  endif()
  set(${out_contrib} "${contrib}" PARENT_SCOPE)
  set(${out_warnings} "${warnings}" PARENT_SCOPE)
  set(${out_error} "${error}" PARENT_SCOPE)
endfunction()

# The CUDA releases that support <key> (52, 90a; <name> its dotted spelling) as the
# messages say it, "CUDA 9.0 to 12.9 support 7.0" or "... and later ...", in <out_range>;
# <out_since> is the first of them, which for a suffix is the first to build the suffix.
function(_cudaarch_support_range out_range out_since key name)
  string(REGEX MATCH "^([0-9]+)([af]?)$" ignored "${key}")
  set(suffix "${CMAKE_MATCH_2}")
  _cudaarch_cc_fields(cc ${CMAKE_MATCH_1})
  set(since "${cc_first}")
  if(suffix STREQUAL "a")
    set(since "${cc_a}")
  elseif(suffix STREQUAL "f")
    set(since "${cc_f}")
  endif()
  set(range "CUDA ${since} to ${cc_last} support ${name}")
  if(cc_last STREQUAL "")
    set(range "CUDA ${since} and later support ${name}")
  endif()
  set(${out_range} "${range}" PARENT_SCOPE)
  set(${out_since} "${since}" PARENT_SCOPE)
endfunction()

# The first CUDA release after <last> (the last to support an architecture), the one that
# dropped it; <version> when the database knows none.
function(_cudaarch_release_after out_var last version)
  get_property(releases GLOBAL PROPERTY _CUDAARCH_CUDA_RELEASES)
  set(dropped_in "${version}")
  foreach(release IN LISTS releases)
    if(release VERSION_GREATER last)
      set(dropped_in "${release}")
      break()
    endif()
  endforeach()
  set(${out_var} "${dropped_in}" PARENT_SCOPE)
endfunction()

# What a release dropped along with <name>, whose last release is <last>: the capabilities
# with that last release (not renamed ones), as one range "5.0 to 5.3", else <name>.
function(_cudaarch_dropped_with out_var name last)
  get_property(ccs GLOBAL PROPERTY _CUDAARCH_CCS)
  set(group "")
  foreach(other IN LISTS ccs)
    _cudaarch_cc_fields(other ${other})
    if(other_last STREQUAL last AND other_renamed_to STREQUAL "")
      _cudaarch_dotted(dotted ${other})
      list(APPEND group "${dotted}")
    endif()
  endforeach()
  set(dropped "${name}")
  list(LENGTH group count)
  if(count GREATER 1)
    list(GET group 0 group_first)
    list(GET group -1 group_last)
    set(dropped "${group_first} to ${group_last}")
  endif()
  set(${out_var} "${dropped}" PARENT_SCOPE)
endfunction()

# The architecture whose PTX POLICY CLAMP embeds for <nn>, newer than all of <real> (the
# plain architectures nvcc builds, oldest first): the highest older one, of the same kind
# (Tegra or desktop, as <tegra> says of <nn>) if there is one.
function(_cudaarch_clamp_target out_var real nn tegra)
  set(reversed "${real}")
  list(REVERSE reversed)
  set(clamp "")
  foreach(candidate IN LISTS reversed)
    if(candidate GREATER nn)
      continue()
    elseif(clamp STREQUAL "")
      set(clamp ${candidate})
    endif()
    get_property(candidate_tegra GLOBAL PROPERTY _CUDAARCH_CC_${candidate}_TEGRA)
    if(candidate_tegra STREQUAL tegra)
      set(clamp ${candidate})
      break()
    endif()
  endforeach()
  set(${out_var} "${clamp}" PARENT_SCOPE)
endfunction()

# Why the nvcc <version> at <path>, which builds <real> (its SASS architectures), cannot
# build <key> (e.g. 52, 101a) of the entry <written>, and what would, from the database.
# <out_clamp> receives the architecture whose PTX POLICY CLAMP embeds when <key> is newer
# than everything it builds, else nothing.
function(_cudaarch_resolve_explain out_message out_clamp written key version path real)
  set(${out_clamp} "" PARENT_SCOPE)
  list(JOIN real " " builds)
  list(FILTER real INCLUDE REGEX "^[0-9]+$")
  _cudaarch_resolve_quote(q "${written}")
  set(head "${q} is not supported by nvcc ${version} (${path})")
  set(builds " nvcc ${version} builds ${builds}.")
  string(REGEX MATCH "^([0-9]+)([af]?)$" ignored "${key}")
  set(nn "${CMAKE_MATCH_1}")
  set(s "${CMAKE_MATCH_2}")
  _cudaarch_cc_fields(cc ${nn})
  if(cc_family STREQUAL "" OR real STREQUAL "")
    set(${out_message} "${head}.${builds}" PARENT_SCOPE)
    return()
  endif()
  _cudaarch_dotted(name "${key}")
  _cudaarch_support_range(range since "${key}" "${name}")
  list(GET real 0 oldest)
  if(cc_renamed_to AND NOT version VERSION_LESS cc_renamed_in)
    _cudaarch_dotted(renamed "${cc_renamed_to}${s}")
    set(message "${head}: ${range}, and CUDA ${cc_renamed_in} renamed it ${renamed}. Use ${renamed} \
(${cc_renamed_to}${s}) instead.")
  elseif(cc_last AND cc_last VERSION_LESS version)
    _cudaarch_release_after(dropped_in "${cc_last}" "${version}")
    _cudaarch_dropped_with(dropped "${name}" "${cc_last}")
    _cudaarch_dotted(oldest_dotted ${oldest})
    set(message "${head}: ${range}, and CUDA ${dropped_in} dropped ${dropped}. Use CUDA ${cc_last} \
or earlier, or remove it (the oldest this nvcc builds is ${oldest_dotted}).")
  elseif(version VERSION_LESS since AND NOT s STREQUAL "" AND nn IN_LIST real)
    _cudaarch_dotted(base ${nn})
    set(message "${head}: ${range}. Use CUDA ${since} or later, or ${base} without the suffix.")
  elseif(version VERSION_LESS since AND oldest LESS nn)
    _cudaarch_clamp_target(clamp "${real}" ${nn} "${cc_tegra}")
    _cudaarch_dotted(clamp_dotted ${clamp})
    set(message "${head}: ${range}. Use CUDA ${since} or later, or POLICY CLAMP to embed PTX of \
${clamp_dotted} that the driver compiles for it at run time.")
    set(${out_clamp} ${clamp} PARENT_SCOPE)
  else()
    set(message "${head}.")
  endif()
  set(${out_message} "${message}${builds}" PARENT_SCOPE)
endfunction()

# Every SASS entry of <model> must be one nvcc <version> (<path>) builds (<real>), every PTX and
# built-from one it compiles (<virtual>). An entry that is not is an error; under <policy>
# WARN it is left out, under CLAMP compute_<clamp> PTX stands in where one fits, each with a
# warning appended to <warnings>. Sets <out_checked> to the entries kept as a merge state
# (_cudaarch_merged_model sorts it), <out_warnings> to <warnings> with those appended, and
# <out_error> to the first error, or empty.
function(_cudaarch_resolve_check out_checked out_warnings out_error model warnings policy version path real
         virtual)
  set(checked "")
  foreach(entry IN LISTS model)
    string(REGEX MATCH "^([0-9]+)\\|([af]?)\\|([01])\\|([01])\\|([^|]*)\\|(.*)$" ignored "${entry}")
    set(key "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
    set(from "${CMAKE_MATCH_5}")
    set(written "${CMAKE_MATCH_6}")
    set(bad "")
    if(CMAKE_MATCH_3 AND NOT key IN_LIST real)
      set(bad "${key}")
    elseif(CMAKE_MATCH_4 AND NOT key IN_LIST virtual)
      set(bad "${key}")
    elseif(from AND NOT from IN_LIST virtual)
      set(bad "${from}")
    endif()
    if(bad STREQUAL "")
      _cudaarch_model_contributions(contrib "${entry}")
    else()
      _cudaarch_resolve_explain(message clamp "${written}" "${bad}" "${version}" "${path}" "${real}")
      set(contrib "")
      if(policy STREQUAL "WARN")
        list(APPEND warnings "${message} It is left out.")
      elseif(policy STREQUAL "CLAMP" AND NOT clamp STREQUAL "")
        _cudaarch_resolve_quote(q "${written}")
        list(APPEND warnings "${q} is newer than nvcc ${version} (${path}) \
can build: using compute_${clamp}, PTX that the driver compiles for it at run time.")
        set(contrib "${clamp}|P||${written}")
      else()
        set(${out_error} "${message}" PARENT_SCOPE)
        return()
      endif()
    endif()
    _cudaarch_merge(checked error "${contrib}")
    _cudaarch_propagate_error(error ${out_error})
  endforeach()
  set(${out_checked} "${checked}" PARENT_SCOPE)
  set(${out_warnings} "${warnings}" PARENT_SCOPE)
  set(${out_error} "" PARENT_SCOPE)
endfunction()

# nvcc refuses one compile that holds SASS of a capability both plain and family-specific
# ("The same GPU code (`sm_100f`) generated for non family-specific and family-specific GPU
# arch"), whatever virtual architecture builds either; `a` beside `f` it accepts. Sets
# <out_error> to the refusal for the first such capability of <model> (sorted), or empty.
function(_cudaarch_resolve_plain_beside_family out_error model)
  set(${out_error} "" PARENT_SCOPE)
  foreach(entry IN LISTS model)
    if(NOT entry MATCHES "^([0-9]+)\\|([af]?)\\|1\\|[01]\\|[^|]*\\|(.*)$")
      continue()
    endif()
    set(nn "${CMAKE_MATCH_1}")
    set(suffix "${CMAKE_MATCH_2}")
    if(suffix STREQUAL "")
      set(plain_${nn} "${CMAKE_MATCH_3}")
    elseif(suffix STREQUAL "f" AND DEFINED plain_${nn})
      _cudaarch_resolve_quote(plain "${plain_${nn}}")
      _cudaarch_resolve_quote(family "${CMAKE_MATCH_3}")
      _cudaarch_dotted(a ${nn}a)
      _cudaarch_dotted(f ${nn}f)
      set(${out_error} "${plain} and ${family} ask for sm_${nn} and sm_${nn}f, the same GPU code plain \
and family-specific, which nvcc refuses in one compile. Keep one of them: sm_${nn}f also runs on the later \
GPUs of its family; ${a} beside ${f} is accepted." PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# _cudaarch_resolve_impl(<out-var> <warnings-var> <error-var> <spec> COMMAND <command>
#                        [COMPILER <nvcc>] [POLICY ERROR|WARN|CLAMP] [FROM <dialect>]
#                        [NATIVE_FALLBACK <spec>] [NATIVE_PTX] [MODEL <model-var>])
# Expands and checks <spec> (arguments joined with ';') as the doc block of cmake/cudaarch/cudaarch_resolve.cmake
# says. <out-var>: the CMAKE-format list; <warnings-var>: the policy's, native's and the
# lossy-format warnings (a list, ';' in them escaped); <error-var>: the first error, or
# empty; <model-var>: the model the list was rendered from. <command>: the public command
# resolving, which native's detection names in its errors. Empty option values mean the
# defaults. Nothing is printed except the detection's
# status line when native is expanded.
function(_cudaarch_resolve_impl out_var warnings_var error_var spec)
  cmake_parse_arguments(PARSE_ARGV 4 option "NATIVE_PTX" "COMMAND;COMPILER;POLICY;FROM;NATIVE_FALLBACK;MODEL;DETECT_HOOKS"
                        "")
  set(${out_var} "" PARENT_SCOPE)
  set(${warnings_var} "" PARENT_SCOPE)
  string(TOUPPER "${option_POLICY}" policy)
  if(policy STREQUAL "")
    set(policy ERROR)
  endif()
  _cudaarch_dialect_name(dialect error "${option_FROM}")
  if(NOT policy MATCHES "^(ERROR|WARN|CLAMP)$")
    _cudaarch_unknown_value(error policy policies "${option_POLICY}" ERROR WARN CLAMP)
  elseif(error STREQUAL "")
    _cudaarch_toolkit(nvcc "${option_COMPILER}")
    set(error "${nvcc_ERROR}")
  endif()
  _cudaarch_propagate_error(error ${error_var})

  # A project resolves the same request for many targets (cudaarch_target_architectures(<t>
  # ${CUDAARCH_ARCHITECTURES_RESOLVED})): an answer without error is kept for this CMake run,
  # by everything it depends on: the nvcc's lists, the policy, the dialect and the request.
  # Not with native, whose answer is the detection's and which prints its status line.
  string(TOLOWER "${spec}" lower)
  set(memo "")
  set(known FALSE)
  if(NOT lower MATCHES "native")
    string(SHA256 memo "${nvcc_PATH}|${nvcc_VERSION}|${nvcc_REAL}|${nvcc_VIRTUAL}|${policy}|${dialect}|${spec}")
    get_property(known GLOBAL PROPERTY _CUDAARCH_RESOLVED_${memo} SET)
  endif()
  if(known)
    get_property(result GLOBAL PROPERTY _CUDAARCH_RESOLVED_${memo})
    get_property(model GLOBAL PROPERTY _CUDAARCH_RESOLVED_${memo}_MODEL)
    get_property(warnings GLOBAL PROPERTY _CUDAARCH_RESOLVED_${memo}_WARNINGS)
  else()
    _cudaarch_bind(expander _cudaarch_resolve_keyword version "${nvcc_VERSION}" path "${nvcc_PATH}"
      real "${nvcc_REAL}" native_fallback "${option_NATIVE_FALLBACK}" native_ptx "${option_NATIVE_PTX}"
      dialect "${dialect}" in_fallback FALSE command "${option_COMMAND}" hooks "${option_DETECT_HOOKS}")
    _cudaarch_parse_impl(model error "${dialect}" "${spec}" "${expander}" warnings)
    _cudaarch_propagate_error(error ${error_var})
    _cudaarch_add_torch_spelling(warnings "${dialect}" "${spec}")

    _cudaarch_resolve_check(checked warnings error "${model}" "${warnings}" "${policy}" "${nvcc_VERSION}"
                            "${nvcc_PATH}" "${nvcc_REAL}" "${nvcc_VIRTUAL}")
    _cudaarch_propagate_error(error ${error_var})
    _cudaarch_merged_model(model "${checked}")
    _cudaarch_resolve_plain_beside_family(error "${model}")
    _cudaarch_propagate_error(error ${error_var})
    _cudaarch_format_model(result lossy error CMAKE "${model}")
    if(NOT lossy STREQUAL "")
      list(APPEND warnings "${lossy}")
    endif()
    if(NOT memo STREQUAL "" AND error STREQUAL "")
      set_property(GLOBAL PROPERTY _CUDAARCH_RESOLVED_${memo} "${result}")
      set_property(GLOBAL PROPERTY _CUDAARCH_RESOLVED_${memo}_MODEL "${model}")
      set_property(GLOBAL PROPERTY _CUDAARCH_RESOLVED_${memo}_WARNINGS "${warnings}")
    endif()
  endif()
  if(option_MODEL)
    set(${option_MODEL} "${model}" PARENT_SCOPE)
  endif()
  set(${out_var} "${result}" PARENT_SCOPE)
  set(${warnings_var} "${warnings}" PARENT_SCOPE)
  set(${error_var} "${error}" PARENT_SCOPE)
endfunction()
