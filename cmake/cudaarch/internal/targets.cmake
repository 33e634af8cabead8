# SPDX-License-Identifier: Apache-2.0
# Internal: the targets that setting architectures acts on: whether one can take
# architectures at all, every target of a directory tree, the list a target is built for,
# and whether the file it links holds relocatable device code.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/notation.cmake")

# Every target of <dir> and the directories below it.
function(_cudaarch_directory_tree_targets out_var dir)
  set(all "")
  set(dirs "${dir}")
  while(dirs)
    list(GET dirs 0 dir)
    list(REMOVE_AT dirs 0)
    get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
    list(APPEND dirs ${subdirs})
    get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
    list(APPEND all ${targets})
  endwhile()
  set(${out_var} "${all}" PARENT_SCOPE)
endfunction()

# The list <target> is built for: its own CUDAARCH_ARCHITECTURES (cudaarch_target_architectures),
# with the lists of its sources (cudaarch_source_architectures) merged in, else the
# directory's <list> while its CUDA_ARCHITECTURES is still the directory's <value> or the
# polyfill built it (_CUDAARCH_POLYFILLED); empty for a target that has no CUDA sources or set
# its architectures by other means.
function(_cudaarch_target_list out_var target list value)
  set(${out_var} "" PARENT_SCOPE)
  get_target_property(sources "${target}" SOURCES)
  if(NOT sources MATCHES "\\.cu(;|$)")
    return()
  endif()
  get_target_property(own "${target}" CUDAARCH_ARCHITECTURES)
  get_target_property(architectures "${target}" CUDA_ARCHITECTURES)
  get_target_property(per_source "${target}" CUDAARCH_SOURCE_ARCHITECTURES)
  get_target_property(polyfilled "${target}" _CUDAARCH_POLYFILLED)
  if(own AND per_source)
    list(TRANSFORM per_source REPLACE "=.*$" "")
    string(REPLACE "," ";" per_source "${per_source}")
    _cudaarch_format_impl(merged warnings error CMAKE "" "${own};${per_source}")
    set(${out_var} "${merged}" PARENT_SCOPE)
  elseif(own)
    set(${out_var} "${own}" PARENT_SCOPE)
  elseif(polyfilled)
    set(${out_var} "${polyfilled}" PARENT_SCOPE)
  elseif("${architectures}" STREQUAL "${value}")
    set(${out_var} "${list}" PARENT_SCOPE)
  endif()
endfunction()

# Whether the file <target> links holds relocatable device code: it or a static or object
# library it links, directly or through other such libraries, has CUDA_SEPARABLE_COMPILATION.
# (CUDA_RESOLVE_DEVICE_SYMBOLS alone device-links whole-program code, which stays whole.)
function(_cudaarch_target_is_rdc out_var target)
  set(${out_var} FALSE PARENT_SCOPE)
  _cudaarch_linked_static_libraries(libraries "${target}")
  foreach(current IN LISTS target libraries)
    get_target_property(rdc "${current}" CUDA_SEPARABLE_COMPILATION)
    if(rdc)
      set(${out_var} TRUE PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# <out_var> = the static and object libraries <target> links, directly or through other such
# libraries or INTERFACE ones (a package's Foo::Foo that links its imported static library;
# aliases resolved), each once: the ones whose code ends in the file it links.
function(_cudaarch_linked_static_libraries out_var target)
  set(pending "${target}")
  set(seen "${target}")
  set(libraries "")
  while(pending)
    list(POP_FRONT pending current)
    # What a library passes on (INTERFACE_LINK_LIBRARIES) ends in <target>'s file too; what
    # <target> itself passes on does not. An INTERFACE library has no LINK_LIBRARIES (CMake
    # 3.18 refuses to read it).
    get_target_property(type "${current}" TYPE)
    set(linked "")
    set(interface "")
    if(NOT type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(linked "${current}" LINK_LIBRARIES)
    endif()
    if(NOT current STREQUAL target)
      get_target_property(interface "${current}" INTERFACE_LINK_LIBRARIES)
    endif()
    foreach(library IN LISTS linked interface)
      if(library MATCHES "^\\$<" OR NOT TARGET "${library}")
        continue()
      endif()
      get_target_property(aliased "${library}" ALIASED_TARGET)
      if(aliased)
        set(library "${aliased}")
      endif()
      get_target_property(type "${library}" TYPE)
      if(type MATCHES "^(STATIC_LIBRARY|OBJECT_LIBRARY|INTERFACE_LIBRARY)$" AND NOT library IN_LIST seen)
        list(APPEND seen "${library}")
        list(APPEND pending "${library}")
        if(NOT type STREQUAL "INTERFACE_LIBRARY")
          list(APPEND libraries "${library}")
        endif()
      endif()
    endforeach()
  endwhile()
  set(${out_var} "${libraries}" PARENT_SCOPE)
endfunction()
