# SPDX-License-Identifier: Apache-2.0
# Internal: architectures per source file, the engine of cudaarch_source_architectures.
# CMake has no per-source CUDA_ARCHITECTURES, and a source's COMPILE_OPTIONS add to the
# target's architecture flags rather than replace them: so the target gets
# CUDA_ARCHITECTURES OFF (and its own polyfill flags and CUDAARCH_BUILT_FOR switch off on
# CUDAARCH_PER_SOURCE), and each of its CUDA sources gets its images as source compile
# options: the named ones their list, the others ("the rest") the target's list. Every
# option is one list item guarded by the target's name, so that it applies in this target
# only and can be taken off again when a later call names that source.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/apply.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/notation.cmake")

# <out_sources> = the leading words of <words> (the SOURCES values) that are sources of
# <target>, as absolute paths; <out_spec> = the words after them, the <spec>. Stops when the
# first word is none.
function(_cudaarch_split_sources out_sources out_spec command target words)
  get_target_property(target_dir "${target}" SOURCE_DIR)
  get_target_property(target_sources "${target}" SOURCES)
  set(known "")
  foreach(source IN LISTS target_sources)
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${target_dir}")
    list(APPEND known "${path}")
  endforeach()
  set(sources "")
  set(spec "")
  foreach(word IN LISTS words)
    get_filename_component(path "${word}" ABSOLUTE)
    if(spec STREQUAL "" AND path IN_LIST known)
      list(APPEND sources "${path}")
    elseif(sources STREQUAL "")
      message(FATAL_ERROR "${command}: '${word}' is not a source of target ${target}")
    else()
      list(APPEND spec "${word}")
    endif()
  endforeach()
  set(${out_sources} "${sources}" PARENT_SCOPE)
  set(${out_spec} "${spec}" PARENT_SCOPE)
endfunction()

# <out_var> = the list <target> is built for: its own CUDAARCH_ARCHITECTURES, else
# <directory_list>, which then becomes its own. Stops when it has neither, or has separable
# compilation (the device link takes one list for every file).
function(_cudaarch_source_target_list out_var command target directory_list)
  get_target_property(rdc "${target}" CUDA_SEPARABLE_COMPILATION)
  if(rdc)
    message(FATAL_ERROR "${command}: target ${target} has separable compilation, whose device link takes one \
list for every file; put the sources in a target of their own (cudaarch_target_architectures)")
  endif()
  get_target_property(own "${target}" CUDAARCH_ARCHITECTURES)
  if(NOT own)
    set(own "${directory_list}")
  endif()
  if(own STREQUAL "")
    message(FATAL_ERROR "${command}: no list for target ${target}: call cudaarch_set_architectures (or \
cudaarch_target_architectures for the target) first")
  endif()
  set_property(TARGET "${target}" PROPERTY CUDAARCH_ARCHITECTURES "${own}")
  set(${out_var} "${own}" PARENT_SCOPE)
endfunction()

# <out_options> and <out_definitions> = the source options that build <list> in <target>
# only: one item per -gencode flag, and the CUDAARCH_BUILT_FOR definition. <kind> is "named"
# or "rest", and is in the guard (as an always true $<BOOL:rest>), so that a named source
# with the target's list keeps its own items when the rest's are taken off.
function(_cudaarch_source_items out_options out_definitions target list kind)
  set(guard "$<STREQUAL:$<TARGET_PROPERTY:NAME>,${target}>")
  if(kind STREQUAL "rest")
    set(guard "$<AND:${guard},$<BOOL:rest>>")
  endif()
  _cudaarch_list_model(model "${list}")
  _cudaarch_gencode_flags(flags "${model}")
  list(TRANSFORM flags REPLACE "^(.+)$" "$<${guard}:\\1>")
  _cudaarch_built_for_definition(definition "${list}")
  set(${out_options} "${flags}" PARENT_SCOPE)
  set(${out_definitions} "$<${guard}:${definition}>" PARENT_SCOPE)
endfunction()

# On <source> (in <target>'s directory): takes the items <old_options>/<old_definitions> off
# its compile options and definitions and appends <options>/<definitions>.
function(_cudaarch_replace_source_items target source old_options old_definitions options definitions)
  foreach(pair IN ITEMS "COMPILE_OPTIONS|old_options|options" "COMPILE_DEFINITIONS|old_definitions|definitions")
    string(REPLACE "|" ";" pair "${pair}")
    list(GET pair 0 property)
    list(GET pair 1 old)
    list(GET pair 2 new)
    get_property(values SOURCE "${source}" TARGET_DIRECTORY "${target}" PROPERTY ${property})
    if(NOT "${${old}}" STREQUAL "")
      list(REMOVE_ITEM values ${${old}})
    endif()
    list(APPEND values ${${new}})
    set_property(SOURCE "${source}" TARGET_DIRECTORY "${target}" PROPERTY ${property} "${values}")
  endforeach()
endfunction()

# Gives <sources> of <target> <list> (empty: left out of the build), and the target's other
# CUDA sources its list <target_list>: now, and again when the calling directory ends (CMake
# 3.19+), for sources and a target list that come later.
function(_cudaarch_apply_source_list command target sources list target_list)
  set_property(TARGET "${target}" PROPERTY CUDA_ARCHITECTURES OFF)
  set_property(TARGET "${target}" PROPERTY CUDAARCH_PER_SOURCE TRUE)
  get_target_property(rest_options "${target}" _CUDAARCH_SOURCE_REST_OPTIONS)
  get_target_property(rest_definitions "${target}" _CUDAARCH_SOURCE_REST_DEFINITIONS)
  set(options "")
  set(definitions "")
  if(NOT list STREQUAL "")
    _cudaarch_source_items(options definitions "${target}" "${list}" named)
  endif()
  string(REPLACE ";" "," entry "${list}")
  get_target_property(earlier "${target}" CUDAARCH_SOURCE_ARCHITECTURES)
  foreach(source IN LISTS sources)
    if("${earlier}" MATCHES "=${source}(;|$)")
      message(FATAL_ERROR "${command}: '${source}' already has architectures of its own in target ${target}; \
name each source once")
    endif()
    _cudaarch_replace_source_items("${target}" "${source}" "${rest_options}" "${rest_definitions}"
      "${options}" "${definitions}")
    if(list STREQUAL "")
      set_property(SOURCE "${source}" TARGET_DIRECTORY "${target}" PROPERTY HEADER_FILE_ONLY TRUE)
    endif()
    set_property(TARGET "${target}" APPEND PROPERTY CUDAARCH_SOURCE_ARCHITECTURES "${entry}=${source}")
  endforeach()
  _cudaarch_source_rest("${target}")
  get_target_property(scheduled "${target}" _CUDAARCH_SOURCE_REST_LATER)
  if(NOT scheduled AND CMAKE_VERSION VERSION_GREATER_EQUAL 3.19)
    set_property(TARGET "${target}" PROPERTY _CUDAARCH_SOURCE_REST_LATER TRUE)
    # DEFER CALL reads variables when the call runs: the target's name goes in as text.
    cmake_language(EVAL CODE "cmake_language(DEFER CALL _cudaarch_source_rest [==[${target}]==])")
  endif()
endfunction()

# <out_paths> = the CUDA sources <target> compiles, as absolute paths, that CudaArch can name
# at configure time: its SOURCES, the .cu files its generator expressions name as text (such
# as $<$<CONFIG:Release>:gen.cu>), and the INTERFACE_SOURCES of the targets it links, directly
# or through their INTERFACE_LINK_LIBRARIES (absolute since policy CMP0076, else relative to
# <target>'s folder, as CMake reads them); <out_unseen> = the generator expressions among
# them that name no .cu file as text ($<TARGET_OBJECTS:...> aside: another target compiles
# those, with its own list).
function(_cudaarch_source_candidates out_paths out_unseen target)
  get_target_property(dir "${target}" SOURCE_DIR)
  set(paths "")
  set(unseen "")
  set(pending "${target}")
  set(seen "${target}")
  while(pending)
    list(POP_FRONT pending current)
    set(property INTERFACE_SOURCES)
    set(links INTERFACE_LINK_LIBRARIES)
    if(current STREQUAL target)
      set(property SOURCES)
      set(links LINK_LIBRARIES)
    endif()
    get_target_property(sources "${current}" ${property})
    foreach(source IN LISTS sources)
      # A generator expression's ';' parts it into list items: each is read as text.
      set(named "${source}")
      if(source MATCHES "[$<>]")
        string(REGEX MATCHALL "[^:;,<>$]+\\.cu(>|,|$)" named "${source}")
        list(TRANSFORM named REPLACE "[>,]$" "")
        if(named STREQUAL "" AND source MATCHES "^\\$<" AND NOT source MATCHES "^\\$<TARGET_OBJECTS:")
          list(APPEND unseen "${source}")
        endif()
      endif()
      foreach(file IN LISTS named)
        get_filename_component(path "${file}" ABSOLUTE BASE_DIR "${dir}")
        if(path MATCHES "\\.cu$")
          list(APPEND paths "${path}")
        endif()
      endforeach()
    endforeach()
    get_target_property(linked "${current}" ${links})
    foreach(library IN LISTS linked)
      if(TARGET "${library}" AND NOT library IN_LIST seen)
        get_target_property(aliased "${library}" ALIASED_TARGET)
        if(aliased)
          set(library "${aliased}")
        endif()
        list(APPEND seen "${library}")
        list(APPEND pending "${library}")
      endif()
    endforeach()
  endwhile()
  list(REMOVE_DUPLICATES paths)
  set(${out_paths} "${paths}" PARENT_SCOPE)
  set(${out_unseen} "${unseen}" PARENT_SCOPE)
endfunction()

# The CUDA sources of <target> that no call named get the target's current list: the items
# of the last time are taken off every source and the new ones put on the rest.
function(_cudaarch_source_rest target)
  get_target_property(list "${target}" CUDAARCH_ARCHITECTURES)
  get_target_property(old_options "${target}" _CUDAARCH_SOURCE_REST_OPTIONS)
  get_target_property(old_definitions "${target}" _CUDAARCH_SOURCE_REST_DEFINITIONS)
  foreach(v IN ITEMS old_options old_definitions)
    if(NOT ${v})
      set(${v} "")
    endif()
  endforeach()
  _cudaarch_source_items(options definitions "${target}" "${list}" rest)
  get_target_property(named "${target}" CUDAARCH_SOURCE_ARCHITECTURES)
  list(TRANSFORM named REPLACE "^[^=]*=" "")
  _cudaarch_source_candidates(paths unseen "${target}")
  foreach(entry IN LISTS unseen)
    _cudaarch_report("target ${target}: source '${entry}' is named only when the build is generated; \
CudaArch cannot give it ${list}: name the file itself, or give it a target of its own (cudaarch_target_architectures)")
  endforeach()
  foreach(path IN LISTS paths)
    if(path IN_LIST named)
      _cudaarch_replace_source_items("${target}" "${path}" "${old_options}" "${old_definitions}" "" "")
    else()
      _cudaarch_replace_source_items("${target}" "${path}" "${old_options}" "${old_definitions}"
        "${options}" "${definitions}")
    endif()
  endforeach()
  set_property(TARGET "${target}" PROPERTY _CUDAARCH_SOURCE_REST_OPTIONS "${options}")
  set_property(TARGET "${target}" PROPERTY _CUDAARCH_SOURCE_REST_DEFINITIONS "${definitions}")
endfunction()
