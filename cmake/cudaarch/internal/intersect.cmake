# SPDX-License-Identifier: Apache-2.0
# Internal: architectures per kernel, the engine of cudaarch_intersect,
# cudaarch_target_architectures and cudaarch_source_architectures. The part of a request a
# kernel supports, by the loader's rules (docs/per-kernel.md); the twin of intersect() in
# src/cudaarch/intersect.cpp, and tests/vectors/intersect.tsv pins both.
#
# Everything travels in arguments and named out-variables; messages start with the public
# command's name, which the caller passes down.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/flags.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/notation.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/resolve.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/runs_on.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/toolkit.cmake")

# The rank "newest" means among supported images: capability, then how much of the GPU the
# image may use ('a' all of it, 'f' its family's, plain the major's), as intersect.cpp.
function(_cudaarch_intersect_rank out_var key)
  string(REGEX MATCH "^([0-9]+)([af]?)$" ignored "${key}")
  set(rank 0)
  if(CMAKE_MATCH_2 STREQUAL "a")
    set(rank 2)
  elseif(CMAKE_MATCH_2 STREQUAL "f")
    set(rank 1)
  endif()
  math(EXPR rank "${CMAKE_MATCH_1} * 10 + ${rank}")
  set(${out_var} ${rank} PARENT_SCOPE)
endfunction()

# The newest of <supported> (keys: 80, 90a, 100f) that the toolkit builds as SASS (<real>) and
# whose cubin loads on <gpu> (a number); empty when none.
function(_cudaarch_intersect_sass out_var gpu supported real)
  set(best "")
  set(best_rank -1)
  foreach(key IN LISTS supported)
    if(NOT key IN_LIST real)
      continue()
    endif()
    _cudaarch_sass_fits(fits "${key}" "${gpu}")
    _cudaarch_intersect_rank(rank "${key}")
    if(fits AND rank GREATER best_rank)
      set(best "${key}")
      set(best_rank ${rank})
    endif()
  endforeach()
  set(${out_var} "${best}" PARENT_SCOPE)
endfunction()

# The newest plain capability of <supported>, not above <capability> (a number), that the
# toolkit builds as PTX (<virtual>); empty when none.
function(_cudaarch_intersect_ptx out_var capability supported virtual)
  set(best "")
  foreach(key IN LISTS supported)
    if(key MATCHES "^[0-9]+$" AND key IN_LIST virtual AND NOT key GREATER capability
       AND (best STREQUAL "" OR key GREATER best))
      set(best "${key}")
    endif()
  endforeach()
  set(${out_var} "${best}" PARENT_SCOPE)
endfunction()

# <out_var> = every plain capability from <minimum> (a number) on in <real>, the SASS a
# toolkit builds: what MINIMUM <cc> supports.
function(_cudaarch_supported_from_minimum out_var minimum real)
  set(supported "")
  foreach(key IN LISTS real)
    if(key MATCHES "^[0-9]+$" AND NOT key LESS minimum)
      list(APPEND supported "${key}")
    endif()
  endforeach()
  set(${out_var} "${supported}" PARENT_SCOPE)
endfunction()

# <out_var> = the images of <request> (a resolved list in CMake's notation: 80-real;90) that
# a kernel supporting <supported> (keys: 80 90a 100f) is built for, by the rules at the top,
# for a toolkit building <real> (SASS) and <virtual> (PTX): a GPU that no SASS of
# <supported> fits gets, as PTX, the newest of <kernel_ptx> (plain keys written with PTX) not
# above it; <no_ptx> true: no PTX at all. CMake's notation, sorted and merged; empty when
# nothing matches. <out_left> = the images of <request> that got nothing.
function(_cudaarch_intersect_impl out_var out_left request supported kernel_ptx no_ptx real virtual)
  set(plain_real "${real}")
  list(FILTER plain_real INCLUDE REGEX "^[0-9]+$")
  set(sass "")
  set(ptx "")
  set(left "")
  foreach(image IN LISTS request)
    set(served FALSE)
    if(NOT image MATCHES "^([0-9]+)([af]?)(-real|-virtual)?$")
      continue()
    endif()
    set(number "${CMAKE_MATCH_1}")
    set(kind "${CMAKE_MATCH_3}")
    if(NOT kind STREQUAL "-virtual")
      # An 'f' image stands for each capability of its family that the toolkit builds.
      set(gpus "${number}")
      if(CMAKE_MATCH_2 STREQUAL "f")
        set(gpus "")
        foreach(gpu IN LISTS plain_real)
          _cudaarch_sass_fits(fits "${number}f" "${gpu}")
          if(fits)
            list(APPEND gpus "${gpu}")
          endif()
        endforeach()
      endif()
      foreach(gpu IN LISTS gpus)
        _cudaarch_intersect_sass(chosen "${gpu}" "${supported}" "${real}")
        if(chosen)
          list(APPEND sass ${chosen})
          set(served TRUE)
        elseif(NOT no_ptx)
          _cudaarch_intersect_ptx(chosen "${gpu}" "${kernel_ptx}" "${virtual}")
          list(APPEND ptx ${chosen})
          if(chosen)
            set(served TRUE)
          endif()
        endif()
      endforeach()
    endif()
    if(NOT kind STREQUAL "-real" AND NOT no_ptx)
      _cudaarch_intersect_ptx(chosen "${number}" "${supported}" "${virtual}")
      list(APPEND ptx ${chosen})
      if(chosen)
        set(served TRUE)
      endif()
    endif()
    if(NOT served)
      list(APPEND left "${image}")
    endif()
  endforeach()
  set(keys ${sass} ${ptx})
  list(REMOVE_DUPLICATES keys)
  _cudaarch_sort_keys(keys "${keys}")
  set(result "")
  foreach(key IN LISTS keys)
    if(NOT key IN_LIST ptx)
      list(APPEND result "${key}-real")
    elseif(NOT key IN_LIST sass)
      list(APPEND result "${key}-virtual")
    else()
      list(APPEND result "${key}")
    endif()
  endforeach()
  set(${out_var} "${result}" PARENT_SCOPE)
  set(${out_left} "${left}" PARENT_SCOPE)
endfunction()

# Whether a toolkit building <real> (SASS) and <virtual> (PTX) builds every image of <model>
# (SASS as SASS, PTX-only as PTX), which names at least one.
function(_cudaarch_model_builds out_var model real virtual)
  set(builds FALSE)
  foreach(entry IN LISTS model)
    string(REGEX MATCH "^([0-9]+)\\|([af]?)\\|([01])\\|" ignored "${entry}")
    set(kinds virtual)
    if(CMAKE_MATCH_3)
      set(kinds real)
    endif()
    if(NOT "${CMAKE_MATCH_1}${CMAKE_MATCH_2}" IN_LIST ${kinds})
      set(${out_var} FALSE PARENT_SCOPE)
      return()
    endif()
    set(builds TRUE)
  endforeach()
  set(${out_var} ${builds} PARENT_SCOPE)
endfunction()

# <spec> read as a kernel's supported list (any notation, no keywords) for a toolkit building
# <real> and <virtual>: <out_keys> its model keys (80, 90a); <out_ptx> its plain keys written
# with PTX (8.0+PTX, compute_80, 80), whose PTX serves newer GPUs; <out_chosen> for each
# "A|B|..." entry "<entry>=<the first alternative the toolkit builds, or empty>", such an
# entry standing for that alternative only (as parse_support() in intersect.cpp);
# <out_error> the notation's error or empty.
function(_cudaarch_supported_keys out_keys out_ptx out_chosen out_error spec real virtual)
  set(chosen "")
  if(spec MATCHES "\\|")
    # Each "A|B" word becomes its chosen alternative in place, the rest of the spec as
    # written (';' and ' ' separate alike, and ';' cannot travel inside a list item).
    string(ASCII 11 12 vf)
    string(REPLACE ";" " " spec "${spec}")
    string(REGEX MATCHALL "[^, \t\r\n${vf}]+|[, \t\r\n${vf}]+" pieces "${spec}")
    set(spec "")
    foreach(piece IN LISTS pieces)
      if(piece MATCHES "\\|")
        # Brackets and backslashes would not survive the list handling below (as intersect.cpp).
        if(piece MATCHES "[][\\]")
          set(${out_error} "'${piece}': an entry A|B holds architectures only, not '[', ']' or '\\'" PARENT_SCOPE)
          return()
        endif()
        string(REPLACE "|" ";" options "${piece}")
        set(pick "")
        # Every alternative is read, the chosen one or not, so that a typo in one the
        # installed nvcc does not reach still fails here.
        foreach(option IN LISTS options)
          _cudaarch_parse_impl(model error "" "${option}")
          if(error)
            set(${out_error} "${error}" PARENT_SCOPE)
            return()
          endif()
          _cudaarch_model_builds(builds "${model}" "${real}" "${virtual}")
          if(builds AND pick STREQUAL "")
            set(pick "${option}")
          endif()
        endforeach()
        list(APPEND chosen "${piece}=${pick}")
        set(piece "${pick}")
      endif()
      string(APPEND spec "${piece}")
    endforeach()
  endif()
  _cudaarch_parse_impl(model error "" "${spec}")
  set(keys "")
  set(ptx "")
  foreach(entry IN LISTS model)
    string(REGEX MATCH "^([0-9]+)\\|([af]?)\\|[01]\\|([01])\\|" ignored "${entry}")
    list(APPEND keys "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
    if(CMAKE_MATCH_3 AND "${CMAKE_MATCH_2}" STREQUAL "")
      list(APPEND ptx "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  set(${out_keys} "${keys}" PARENT_SCOPE)
  set(${out_ptx} "${ptx}" PARENT_SCOPE)
  set(${out_chosen} "${chosen}" PARENT_SCOPE)
  set(${out_error} "${error}" PARENT_SCOPE)
endfunction()

# What a per-kernel command (<command>, for its messages) computes from its arguments:
# <out_list> = <request> intersected with <supported> (a spec) or <minimum> (one capability),
# exactly one of them given, with no PTX at all when <no_ptx> is true; an empty <request> is
# the directory's resolved list (<directory_list>, "" when cudaarch_set_architectures did not
# run). Against <compiler> (empty: the default nvcc). <out_request> = the resolved request,
# <out_left> = its images that got nothing, <out_chosen> = how each "A|B" entry of
# <supported> was decided (_cudaarch_supported_keys). Stops with a message starting with <command> on a bad argument. <hooks>:
# the detection's test hooks for a <request> naming native (_cudaarch_detect_hooks).
function(_cudaarch_kernel_architectures out_list out_request out_left out_chosen command supported minimum no_ptx
         request directory_list compiler hooks)
  if(NOT supported STREQUAL "" AND NOT minimum STREQUAL "")
    _cudaarch_mutually_exclusive(both SUPPORTED MINIMUM)
    message(FATAL_ERROR "${command}: ${both}")
  elseif(supported STREQUAL "" AND minimum STREQUAL "")
    message(FATAL_ERROR "${command}: missing SUPPORTED <spec>... or MINIMUM <cc>: what the kernel supports")
  endif()
  _cudaarch_toolkit(toolkit "${compiler}")
  if(toolkit_ERROR)
    message(FATAL_ERROR "${command}: ${toolkit_ERROR}")
  endif()
  if(NOT request STREQUAL "")
    _cudaarch_resolve_impl(list warnings error "${request}" COMMAND ${command} COMPILER "${toolkit_PATH}"
      DETECT_HOOKS "${hooks}")
    if(error)
      message(FATAL_ERROR "${command}: REQUEST '${request}': ${error}")
    endif()
    foreach(warning IN LISTS warnings)
      message(WARNING "${command}: REQUEST '${request}': ${warning}")
    endforeach()
  elseif(NOT directory_list STREQUAL "")
    set(list "${directory_list}")
  else()
    # What else the command takes: only cudaarch_intersect has REQUEST; the others set a
    # target's or source's list, which can be named instead.
    set(instead "pass REQUEST <spec>...")
    if(NOT command STREQUAL "cudaarch_intersect")
      set(instead "name its architectures instead of SUPPORTED or MINIMUM")
    endif()
    string(TOUPPER "${CMAKE_CUDA_ARCHITECTURES}" value)
    if(value MATCHES "^(OFF|FALSE|NO|0)$")
      message(FATAL_ERROR "${command}: CMAKE_CUDA_ARCHITECTURES is '${CMAKE_CUDA_ARCHITECTURES}' (no \
architecture flags), so there is no list to take the kernel's part of: configure with a list, or ${instead}")
    endif()
    set(missing "CUDAARCH_ARCHITECTURES_RESOLVED is not set")
    if(command STREQUAL "cudaarch_intersect")
      set(missing "no REQUEST given and ${missing}")
    endif()
    message(FATAL_ERROR "${command}: ${missing}: call cudaarch_set_architectures first (before project() or \
in a parent directory), or ${instead}")
  endif()
  # A project gives many targets and sources the same support list: each answer is kept for
  # this CMake run, by everything it depends on (the nvcc's lists, the request, the support).
  set(no_ptx_flag FALSE)
  if(no_ptx)
    set(no_ptx_flag TRUE)
  endif()
  string(SHA256 memo "${toolkit_PATH}|${toolkit_REAL}|${toolkit_VIRTUAL}|${list}|${supported}|${minimum}|${no_ptx_flag}")
  get_property(known GLOBAL PROPERTY _CUDAARCH_INTERSECT_${memo} SET)
  if(known)
    get_property(result GLOBAL PROPERTY _CUDAARCH_INTERSECT_${memo})
    get_property(left GLOBAL PROPERTY _CUDAARCH_INTERSECT_${memo}_LEFT)
    get_property(chosen GLOBAL PROPERTY _CUDAARCH_INTERSECT_${memo}_CHOSEN)
  else()
    set(kernel_ptx "")
    set(chosen "")
    if(NOT minimum STREQUAL "")
      _cudaarch_capability(keys ${command} MINIMUM "${minimum}")
      _cudaarch_supported_from_minimum(keys "${keys}" "${toolkit_REAL}")
    else()
      _cudaarch_supported_keys(keys kernel_ptx chosen error "${supported}" "${toolkit_REAL}" "${toolkit_VIRTUAL}")
      if(error)
        message(FATAL_ERROR "${command}: SUPPORTED '${supported}': ${error}")
      endif()
    endif()
    _cudaarch_intersect_impl(result left "${list}" "${keys}" "${kernel_ptx}" ${no_ptx_flag} "${toolkit_REAL}"
      "${toolkit_VIRTUAL}")
    set_property(GLOBAL PROPERTY _CUDAARCH_INTERSECT_${memo} "${result}")
    set_property(GLOBAL PROPERTY _CUDAARCH_INTERSECT_${memo}_LEFT "${left}")
    set_property(GLOBAL PROPERTY _CUDAARCH_INTERSECT_${memo}_CHOSEN "${chosen}")
  endif()
  set(${out_list} "${result}" PARENT_SCOPE)
  set(${out_request} "${list}" PARENT_SCOPE)
  set(${out_left} "${left}" PARENT_SCOPE)
  set(${out_chosen} "${chosen}" PARENT_SCOPE)
endfunction()

# How a report or an error names what a kernel supports: "SUPPORTED 8.0 9.0a", "MINIMUM 8.0",
# with " NO_PTX" after it when <no_ptx>, and for each "A|B" entry (<chosen>, from
# _cudaarch_kernel_architectures) the alternative this nvcc builds:
# "SUPPORTED 10.0f|10.0a 8.0; this nvcc: 10.0a for 10.0f|10.0a".
function(_cudaarch_supports_text out_var supported minimum no_ptx chosen)
  set(text "SUPPORTED ${supported}")
  if(NOT minimum STREQUAL "")
    set(text "MINIMUM ${minimum}")
  endif()
  string(REPLACE ";" " " text "${text}")
  if(no_ptx)
    string(APPEND text " NO_PTX")
  endif()
  set(decisions "")
  foreach(decision IN LISTS chosen)
    string(REGEX MATCH "^([^=]*)=(.*)$" ignored "${decision}")
    if("${CMAKE_MATCH_2}" STREQUAL "")
      list(APPEND decisions "none of ${CMAKE_MATCH_1}")
    else()
      list(APPEND decisions "${CMAKE_MATCH_2} for ${CMAKE_MATCH_1}")
    endif()
  endforeach()
  if(decisions)
    list(JOIN decisions ", " decisions)
    string(APPEND text "; this nvcc: ${decisions}")
  endif()
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# For <command> on <target>: the directory's resolved list (<directory_list>) intersected
# with what the target supports (<supported> or <minimum>, <no_ptx>), into <out_list> and its model
# <out_model>, and the report line <out_report>: the list and what the target supports, and
# the request's images it is not built for. Nothing left: <if_none> EXCLUDE leaves the target
# out of the build (EXCLUDE_FROM_ALL), ERROR stops naming the target, the request and what it
# supports.
function(_cudaarch_target_kernel out_list out_model out_report command target supported minimum no_ptx if_none
         directory_list compiler)
  _cudaarch_kernel_architectures(list request left chosen ${command} "${supported}" "${minimum}" "${no_ptx}" ""
    "${directory_list}" "${compiler}" "")
  _cudaarch_supports_text(supports "${supported}" "${minimum}" "${no_ptx}" "${chosen}")
  if(list STREQUAL "" AND if_none STREQUAL "ERROR")
    message(FATAL_ERROR "${command}: target ${target} supports ${supports}, none of the request '${request}'; \
widen the request (-DCUDAARCH_ARCHITECTURES=…) or pass IF_NONE EXCLUDE to leave the target out of the build")
  endif()
  set(model "")
  if(list STREQUAL "")
    set_property(TARGET "${target}" PROPERTY EXCLUDE_FROM_ALL TRUE)
    set(report "target ${target}: left out of the build (EXCLUDE_FROM_ALL): it supports ${supports}, none of '${request}'")
  else()
    _cudaarch_list_model(model "${list}")
    set(report "target ${target}: ${list} (${supports})")
    # Flags beside the list build their images into the target's files too (flags.cmake).
    _cudaarch_architecture_flag_places(places FALSE)
    _cudaarch_target_flag_places(target_places "${target}")
    list(APPEND places ${target_places})
    _cudaarch_flags_beside(held said ${command} "${places}" "${list}" "the list ${list} of target ${target}")
    if(places)
      _cudaarch_flags_not_held(left "${left}" "${held}")
      string(APPEND report "; its CUDA files hold ${held}: the list and ${said}")
    endif()
    if(NOT left STREQUAL "")
      string(APPEND report "; not built for ${left} of the request")
    endif()
  endif()
  set(${out_list} "${list}" PARENT_SCOPE)
  set(${out_model} "${model}" PARENT_SCOPE)
  set(${out_report} "${report}" PARENT_SCOPE)
endfunction()
