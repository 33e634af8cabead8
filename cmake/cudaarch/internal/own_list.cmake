# SPDX-License-Identifier: Apache-2.0
# Internal: one list per target. cudaarch_target_architectures writes a target's list (its
# CUDA_ARCHITECTURES, or the polyfill's flags, and CUDAARCH_BUILT_FOR) as items it can take off
# again; a CUDA_ARCHITECTURES the project sets itself, before or after the call, wins alone:
# CudaArch's items come off, and CUDAARCH_ARCHITECTURES, CUDAARCH_BUILT_FOR, VERIFY and the
# verify test describe the project's list.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/apply.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/report.cmake")

# Gives <target> <list> (<model> its parsed form): CUDA_ARCHITECTURES where this CMake writes
# it, else OFF and -gencode compile and device-link flags; the definition CUDAARCH_BUILT_FOR.
# The flags and the definition are the target's own unless cudaarch_source_architectures gave
# its sources theirs (CUDAARCH_PER_SOURCE). Items of an earlier call come off first. Sets
# <out_polyfilled> TRUE where the flags stand in for CUDA_ARCHITECTURES.
function(_cudaarch_own_list_apply out_polyfilled target list model)
  _cudaarch_own_list_remove("${target}")
  set(whole "$<AND:$<COMPILE_LANGUAGE:CUDA>,$<NOT:$<BOOL:$<TARGET_PROPERTY:CUDAARCH_PER_SOURCE>>>>")
  _cudaarch_cmake_can_express(expressible "${list}")
  get_target_property(per_source "${target}" CUDAARCH_PER_SOURCE)
  set(options "")
  set(link_options "")
  if(expressible AND NOT per_source)
    set_property(TARGET "${target}" PROPERTY CUDA_ARCHITECTURES "${list}")
  elseif(NOT expressible)
    _cudaarch_gencode_flags(flags "${model}")
    set_property(TARGET "${target}" PROPERTY CUDA_ARCHITECTURES OFF)
    set(options "$<${whole}:${flags}>")
    _cudaarch_device_link_options(link_options "${flags}")
  endif()
  _cudaarch_built_for_definition(definition "${list}")
  set(definitions "$<${whole}:${definition}>")
  _cudaarch_own_list_add("${target}" "${options}" "${link_options}" "${definitions}")
  set(${out_polyfilled} TRUE PARENT_SCOPE)
  if(expressible)
    set(${out_polyfilled} FALSE PARENT_SCOPE)
  endif()
endfunction()

# Appends the items to <target>'s properties and records them, with what its
# CUDA_ARCHITECTURES now holds, as CudaArch's (_CUDAARCH_OWN_ITEMS, _CUDAARCH_WROTE).
function(_cudaarch_own_list_add target options link_options definitions)
  foreach(pair IN ITEMS "COMPILE_OPTIONS|options" "LINK_OPTIONS|link_options" "COMPILE_DEFINITIONS|definitions")
    string(REPLACE "|" ";" pair "${pair}")
    list(GET pair 0 property)
    list(GET pair 1 items)
    if(NOT "${${items}}" STREQUAL "")
      set_property(TARGET "${target}" APPEND PROPERTY ${property} "${${items}}")
    endif()
    set_property(TARGET "${target}" PROPERTY _CUDAARCH_OWN_ITEMS_${property} "${${items}}")
  endforeach()
  get_target_property(current "${target}" CUDA_ARCHITECTURES)
  set_property(TARGET "${target}" PROPERTY _CUDAARCH_WROTE "${current}")
endfunction()

# Takes the items an earlier call gave <target> off it again.
function(_cudaarch_own_list_remove target)
  foreach(property IN ITEMS COMPILE_OPTIONS LINK_OPTIONS COMPILE_DEFINITIONS)
    get_target_property(items "${target}" _CUDAARCH_OWN_ITEMS_${property})
    get_target_property(values "${target}" ${property})
    if(items AND values)
      list(REMOVE_ITEM values ${items})
      set_property(TARGET "${target}" PROPERTY ${property} "${values}")
    endif()
  endforeach()
endfunction()

# <out_var> = <target>'s CUDA_ARCHITECTURES where the project set it: a list (not OFF), and
# neither what CudaArch wrote there nor, before any call, what the target took from
# CMAKE_CUDA_ARCHITECTURES (the variable, or CMake's default in the cache); else empty.
function(_cudaarch_own_list_of_project out_var target)
  set(${out_var} "" PARENT_SCOPE)
  get_target_property(current "${target}" CUDA_ARCHITECTURES)
  get_property(wrote_set TARGET "${target}" PROPERTY _CUDAARCH_WROTE SET)
  get_target_property(wrote "${target}" _CUDAARCH_WROTE)
  if(NOT current OR (wrote_set AND "${current}" STREQUAL "${wrote}"))
    return()
  elseif(NOT wrote_set AND ("${current}" STREQUAL "${CMAKE_CUDA_ARCHITECTURES}"
                            OR "${current}" STREQUAL "$CACHE{CMAKE_CUDA_ARCHITECTURES}"))
    return()
  endif()
  set(${out_var} "${current}" PARENT_SCOPE)
endfunction()

# <target> keeps the project's <own> CUDA_ARCHITECTURES in place of <list>, which <command>
# gave it <when> ("before" or "after" the project set it): one notice line, CudaArch's items
# off, and the project's list as CUDAARCH_ARCHITECTURES and CUDAARCH_BUILT_FOR.
function(_cudaarch_own_list_keep command target own list when)
  _cudaarch_own_list_remove("${target}")
  if(when STREQUAL "after")
    set(how "set after the call, overrides")
  else()
    set(how "set before the call, wins over")
  endif()
  _cudaarch_notice_once(${command} "target ${target}: its own CUDA_ARCHITECTURES '${own}', ${how} '${list}': \
CUDAARCH_ARCHITECTURES, CUDAARCH_BUILT_FOR and VERIFY use '${own}'")
  set_property(TARGET "${target}" PROPERTY CUDAARCH_ARCHITECTURES "${own}")
  _cudaarch_built_for_definition(definition "${own}")
  _cudaarch_own_list_add("${target}" "" "" "$<$<COMPILE_LANGUAGE:CUDA>:${definition}>")
endfunction()

# When the calling directory ends (CMake 3.19+), the targets cudaarch_target_architectures
# gave a list are checked for a CUDA_ARCHITECTURES the project set after it
# (_cudaarch_own_list_settle, which VERIFY runs first too).
function(_cudaarch_own_list_later target)
  set_property(GLOBAL APPEND PROPERTY _CUDAARCH_LISTED_TARGETS "${target}")
  get_property(scheduled DIRECTORY PROPERTY _CUDAARCH_OWN_LIST_SCHEDULED)
  if(NOT scheduled AND CMAKE_VERSION VERSION_GREATER_EQUAL 3.19)
    set_property(DIRECTORY PROPERTY _CUDAARCH_OWN_LIST_SCHEDULED TRUE)
    cmake_language(DEFER CALL _cudaarch_own_list_settle)
  endif()
endfunction()

function(_cudaarch_own_list_settle)
  get_property(targets GLOBAL PROPERTY _CUDAARCH_LISTED_TARGETS)
  list(REMOVE_DUPLICATES targets)
  foreach(target IN LISTS targets)
    _cudaarch_own_list_of_project(own "${target}")
    if(NOT own STREQUAL "")
      get_target_property(list "${target}" CUDAARCH_ARCHITECTURES)
      _cudaarch_own_list_keep(cudaarch_target_architectures "${target}" "${own}" "${list}" after)
    endif()
  endforeach()
endfunction()
