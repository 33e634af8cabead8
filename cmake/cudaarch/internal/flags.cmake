# SPDX-License-Identifier: Apache-2.0
# Internal: nvcc flags that select architectures outside CudaArch's lists (-arch, -gencode,
# -code and their long and '=' spellings: _cudaarch_split_nvcc_flags, the one place that tells
# them apart from other flags). nvcc builds the images of every such flag beside those of
# CUDA_ARCHITECTURES, so each CUDA file holds both: the report, the warnings and FROM_FLAGS of
# cudaarch_set_architectures start here.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/notation.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/report.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/targets.cmake")

# The places whose flags every CUDA compile of the calling directory gets, as
# "<place>|<architecture flags>" for each that holds architecture flags (empty: none):
#   CMAKE_CUDA_FLAGS, once the CUDA language is enabled or the variable is set; before that,
#   what CMake will initialize it from: the CUDAFLAGS environment variable and
#   CMAKE_CUDA_FLAGS_INIT (CMakeCUDAInformation.cmake);
#   CMAKE_CUDA_FLAGS_<CONFIG> of each configuration built (CMAKE_CONFIGURATION_TYPES, else
#   CMAKE_BUILD_TYPE);
#   the directory's COMPILE_OPTIONS (add_compile_options), each literal or for CUDA only
#   ($<$<COMPILE_LANGUAGE:CUDA>:…>); CudaArch's own options are conditions on its target
#   properties, never these shapes.
# With <skip_variable> TRUE the first place (CMAKE_CUDA_FLAGS or what initializes it) is left
# out: it is the request (FROM_FLAGS, or PyTorch's OFF).
function(_cudaarch_architecture_flag_places out_var skip_variable)
  set(places "")
  if(NOT skip_variable)
    _cudaarch_flags_variable_places(places)
  endif()
  set(configs ${CMAKE_CONFIGURATION_TYPES})
  if(NOT configs AND NOT "${CMAKE_BUILD_TYPE}" STREQUAL "")
    set(configs "${CMAKE_BUILD_TYPE}")
  endif()
  foreach(config IN LISTS configs)
    string(TOUPPER "${config}" upper)
    if(DEFINED CMAKE_CUDA_FLAGS_${upper})
      list(APPEND places "CMAKE_CUDA_FLAGS_${upper}|${CMAKE_CUDA_FLAGS_${upper}}")
    endif()
  endforeach()
  get_property(options DIRECTORY PROPERTY COMPILE_OPTIONS)
  _cudaarch_literal_cuda_options(text "${options}")
  list(APPEND places "the directory's compile options (add_compile_options)|${text}")
  _cudaarch_keep_architecture_flags(places "${places}")
  set(${out_var} "${places}" PARENT_SCOPE)
endfunction()

# The places CMAKE_CUDA_FLAGS is, or will be initialized from, as
# _cudaarch_architecture_flag_places gives them, flags not yet split.
function(_cudaarch_flags_variable_places out_var)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if("CUDA" IN_LIST languages OR DEFINED CMAKE_CUDA_FLAGS)
    set(places "CMAKE_CUDA_FLAGS|${CMAKE_CUDA_FLAGS}")
  else()
    set(places "the CUDAFLAGS environment variable|$ENV{CUDAFLAGS}" "CMAKE_CUDA_FLAGS_INIT|${CMAKE_CUDA_FLAGS_INIT}")
  endif()
  set(${out_var} "${places}" PARENT_SCOPE)
endfunction()

# The compile options <options> (a COMPILE_OPTIONS value) that reach every CUDA compile as
# written, joined with spaces: literal ones (SHELL: taken off) and $<$<COMPILE_LANGUAGE:CUDA>:…>.
# Any other generator expression is left out, also where its ';' split it over several entries
# (CudaArch's own polyfill flags): <depth> counts the ones still open.
function(_cudaarch_literal_cuda_options out_var options)
  set(words "")
  set(depth 0)
  foreach(option IN LISTS options)
    string(REGEX MATCHALL "\\$<" opened "${option}")
    string(REGEX MATCHALL ">" closed "${option}")
    list(LENGTH opened opened)
    list(LENGTH closed closed)
    set(outside ${depth})
    math(EXPR depth "${depth} + ${opened} - ${closed}")
    if(NOT outside EQUAL 0)
      continue()
    elseif(option MATCHES "^\\$<\\$<COMPILE_LANGUAGE:CUDA>:([^$<>]*)>$")
      set(option "${CMAKE_MATCH_1}")
    elseif(opened OR closed)
      continue()
    endif()
    string(REGEX REPLACE "^SHELL:" "" option "${option}")
    list(APPEND words "${option}")
  endforeach()
  list(JOIN words " " words)
  set(${out_var} "${words}" PARENT_SCOPE)
endfunction()

# <places> ("<place>|<flags>") with each place's flags cut to its architecture flags, and the
# places without any left out.
function(_cudaarch_keep_architecture_flags out_var places)
  set(kept "")
  foreach(place IN LISTS places)
    string(REGEX MATCH "^([^|]*)\\|(.*)$" ignored "${place}")
    set(name "${CMAKE_MATCH_1}")
    _cudaarch_split_nvcc_flags(flags other "${CMAKE_MATCH_2}")
    if(NOT flags STREQUAL "")
      list(APPEND kept "${name}|${flags}")
    endif()
  endforeach()
  set(${out_var} "${kept}" PARENT_SCOPE)
endfunction()

# What the files hold where <list> (CMake's notation; empty: no list, CUDA_ARCHITECTURES OFF)
# is built beside the flags of <places> (_cudaarch_architecture_flag_places): <out_images>, the
# union in CMake's notation, and <out_said>, the flags and their places in words
# ("-arch=sm_80 in CMAKE_CUDA_FLAGS"). A flag nvcc would refuse is left to nvcc, which names it.
function(_cudaarch_flag_images out_images out_said list places)
  set(spec "${list}")
  set(said "")
  foreach(place IN LISTS places)
    string(REGEX MATCH "^([^|]*)\\|(.*)$" ignored "${place}")
    list(APPEND spec "${CMAKE_MATCH_2}")
    list(APPEND said "${CMAKE_MATCH_2} in ${CMAKE_MATCH_1}")
  endforeach()
  _cudaarch_format_impl(images warnings error CMAKE "" "${spec}")
  list(JOIN said ", " said)
  set(${out_images} "${images}" PARENT_SCOPE)
  set(${out_said} "${said}" PARENT_SCOPE)
endfunction()

# <command>'s warning for each place of <places> beside <what> ("the list 90a-real", "the
# list 90a-real of target app"): nvcc builds both, so every CUDA file holds <images>; the fix per place.
function(_cudaarch_warn_architecture_flags command places what images)
  foreach(place IN LISTS places)
    string(REGEX MATCH "^([^|]*)\\|(.*)$" ignored "${place}")
    set(name "${CMAKE_MATCH_1}")
    set(flags "${CMAKE_MATCH_2}")
    _cudaarch_flags_fix(fix "${name}")
    _cudaarch_warn_once(${command} "'${flags}' in ${name} selects architectures beside ${what}: nvcc \
builds both, so every CUDA file holds ${images}; ${fix}.")
  endforeach()
endfunction()

# <out_var> = how to build the list alone where architecture flags are in <place> (a place of
# _cudaarch_architecture_flag_places): take them out, or, in the variable FROM_FLAGS reads,
# take them as the request.
function(_cudaarch_flags_fix out_var place)
  if(place MATCHES "^(CMAKE_CUDA_FLAGS|the CUDAFLAGS environment variable|CMAKE_CUDA_FLAGS_INIT)$")
    set(${out_var} "remove them from ${place}, or pass FROM_FLAGS to cudaarch_set_architectures to take them as the request" PARENT_SCOPE)
  else()
    set(${out_var} "remove them from ${place}" PARENT_SCOPE)
  endif()
endfunction()

# For <command>: the flags of <places> beside <list> (<what> in the warning, "the list 90a-real"):
# <out_held> what the files hold (<list> where <places> is empty) and <out_said> the flags
# in words (_cudaarch_flag_images), with a warning per place.
function(_cudaarch_flags_beside out_held out_said command places list what)
  set(held "${list}")
  set(said "")
  if(places)
    _cudaarch_flag_images(held said "${list}" "${places}")
    _cudaarch_warn_architecture_flags(${command} "${places}" "${what}" "${held}")
  endif()
  set(${out_held} "${held}" PARENT_SCOPE)
  set(${out_said} "${said}" PARENT_SCOPE)
endfunction()

# The request CMAKE_CUDA_FLAGS carries (or, before the CUDA language is enabled, what will
# initialize it: _cudaarch_flags_variable_places): <out_request>, its architecture flags
# joined with spaces (empty: none), <out_source>, where they are, and <out_left>, the
# variable's value without them, for FROM_FLAGS to leave behind.
function(_cudaarch_flags_request out_request out_source out_left)
  _cudaarch_flags_variable_places(places)
  set(request "")
  set(sources "")
  set(left "")
  foreach(place IN LISTS places)
    string(REGEX MATCH "^([^|]*)\\|(.*)$" ignored "${place}")
    set(name "${CMAKE_MATCH_1}")
    _cudaarch_split_nvcc_flags(flags other "${CMAKE_MATCH_2}")
    list(APPEND left ${other})
    if(NOT flags STREQUAL "")
      list(APPEND request "${flags}")
      list(APPEND sources "${name}")
    endif()
  endforeach()
  list(JOIN request " " request)
  list(JOIN sources " and " sources)
  list(JOIN left " " left)
  set(${out_request} "${request}" PARENT_SCOPE)
  set(${out_source} "${sources}" PARENT_SCOPE)
  set(${out_left} "${left}" PARENT_SCOPE)
endfunction()

# For the FROM_FLAGS of cudaarch_set_architectures, which sets CMAKE_CUDA_FLAGS to <left> (its value without the
# architecture flags) in the calling directory: before the CUDA language is enabled, the
# cache entry CMake would initialize from CUDAFLAGS and CMAKE_CUDA_FLAGS_INIT is written now,
# with CMake's value, so that project() neither replaces that variable (policy CMP0126 OLD
# removes a normal variable where set(CACHE) creates the entry) nor reads CUDAFLAGS again;
# the environment is left as it is. Reports what nvcc is given.
function(_cudaarch_take_flags left)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "CUDA" IN_LIST languages AND NOT DEFINED CACHE{CMAKE_CUDA_FLAGS})
    set(CMAKE_CUDA_FLAGS "$ENV{CUDAFLAGS} ${CMAKE_CUDA_FLAGS_INIT}" CACHE STRING
        "Flags used by the CUDA compiler during all build types.")
  endif()
  _cudaarch_escape(shown "${left}")
  _cudaarch_report("FROM_FLAGS: CMAKE_CUDA_FLAGS is '${shown}' in this directory, its architecture flags taken out")
endfunction()

# The compile options <target> has beyond its directory's (target_compile_options), as a
# place of _cudaarch_architecture_flag_places, or none.
function(_cudaarch_target_flag_places out_var target)
  get_target_property(options "${target}" COMPILE_OPTIONS)
  # CudaArch's own options (the polyfill's flags, a per-target list's) are the list itself. Taken
  # off as text: a generator expression that holds a ';' spans several entries of the list.
  get_target_property(polyfill "${target}" _CUDAARCH_POLYFILL_OPTION)
  set(property COMPILE_OPTIONS)
  get_target_property(own "${target}" _CUDAARCH_OWN_ITEMS_${property})
  foreach(item IN ITEMS "${polyfill}" "${own}")
    if(item AND options)
      string(REPLACE "${item}" "" options "${options}")
      list(REMOVE_ITEM options "")
    endif()
  endforeach()
  get_target_property(dir "${target}" SOURCE_DIR)
  get_property(inherited DIRECTORY "${dir}" PROPERTY COMPILE_OPTIONS)
  set(places "")
  if(options)
    if(inherited)
      list(REMOVE_ITEM options ${inherited})
    endif()
    _cudaarch_literal_cuda_options(text "${options}")
    _cudaarch_keep_architecture_flags(places "the compile options of target ${target} (target_compile_options)|${text}")
  endif()
  set(${out_var} "${places}" PARENT_SCOPE)
endfunction()

# The entries of <left> (images of a request a target is not built for) that <held> (what its
# files hold) lacks.
function(_cudaarch_flags_not_held out_var left held)
  set(lacking "")
  foreach(entry IN LISTS left)
    _cudaarch_format_impl(with warnings error CMAKE "" "${held};${entry}")
    if(NOT with STREQUAL held)
      list(APPEND lacking "${entry}")
    endif()
  endforeach()
  set(${out_var} "${lacking}" PARENT_SCOPE)
endfunction()

# cudaarch_set_architectures' report line for the user's <request> of OFF (no list): CudaArch
# adds no flags, and those given elsewhere (_cudaarch_architecture_flag_places) still build
# their images.
function(_cudaarch_report_off request)
  _cudaarch_architecture_flag_places(places FALSE)
  if(places)
    _cudaarch_flag_images(held said "" "${places}")
    _cudaarch_report("CUDA architectures: ${request} (CudaArch adds none); CUDA files hold ${held}: ${said}")
  else()
    _cudaarch_report("CUDA architectures: ${request} (no architecture flags)")
  endif()
endfunction()

# For <command> (cudaarch_set_architectures) with the directory's <list> and the <value> of its
# CUDA_ARCHITECTURES: when the calling directory ends (CMake 3.19+), the targets of its tree
# whose own compile options select architectures (_cudaarch_check_target_flags).
function(_cudaarch_check_target_flags_later command list value)
  if(CMAKE_VERSION VERSION_LESS 3.19 OR CMAKE_SCRIPT_MODE_FILE)
    return()
  endif()
  cmake_language(EVAL CODE "cmake_language(DEFER CALL _cudaarch_check_target_flags [==[${command}]==] \
[==[${CMAKE_CURRENT_SOURCE_DIR}]==] [==[${list}]==] [==[${value}]==])")
endfunction()

# The deferred half of _cudaarch_check_target_flags_later: each target of <dir> and below built
# for a list (_cudaarch_target_list) whose compile options hold architecture flags gets a report
# line on what its files hold and <command>'s warning.
function(_cudaarch_check_target_flags command dir list value)
  _cudaarch_directory_tree_targets(targets "${dir}")
  foreach(target IN LISTS targets)
    _cudaarch_target_list(target_list "${target}" "${list}" "${value}")
    if(target_list STREQUAL "")
      continue()
    endif()
    _cudaarch_target_flag_places(places "${target}")
    _cudaarch_flags_beside(held said ${command} "${places}" "${target_list}" "the list ${target_list} of target ${target}")
    if(places)
      _cudaarch_report("target ${target}: CUDA files hold ${held}: the list and ${said}")
    endif()
  endforeach()
endfunction()
