# SPDX-License-Identifier: Apache-2.0
# Internal: VERIFY of cudaarch_set_architectures. At the end of the calling directory, every
# executable, shared and module library with CUDA sources in its tree gets a build step that
# fails when the linked file lacks an image its architectures promise, or, for a target with
# per-source architectures (cudaarch_source_architectures), when its modules are not one per
# such source with exactly its images (verify_linked.cmake).
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/flags.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/report.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/targets.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/own_list.cmake")

# Schedules the steps for the calling directory's tree; <list> is the resolved list and
# <value> what CMAKE_CUDA_ARCHITECTURES became (the list, or OFF under the polyfill).
function(_cudaarch_verify_tree_later command list value)
  if(CMAKE_VERSION VERSION_LESS 3.19)
    message(FATAL_ERROR "${command}: VERIFY needs CMake 3.19 (cmake_language(DEFER)); with CMake "
                        "${CMAKE_VERSION}, call cudaarch_add_verify_test(<target>) for each CUDA target instead.")
  endif()
  set_property(DIRECTORY PROPERTY _CUDAARCH_VERIFY_LIST "${list}")
  set_property(DIRECTORY PROPERTY _CUDAARCH_VERIFY_VALUE "${value}")
  get_property(scheduled DIRECTORY PROPERTY _CUDAARCH_VERIFY_SCHEDULED)
  if(NOT scheduled)
    set_property(DIRECTORY PROPERTY _CUDAARCH_VERIFY_SCHEDULED TRUE)
    # A deferred call reads its arguments' variables when it runs: <command> is written in now.
    cmake_language(EVAL CODE "cmake_language(DEFER CALL _cudaarch_verify_tree ${command} \"\${CMAKE_CURRENT_SOURCE_DIR}\")")
  endif()
endfunction()

# Adds the steps, and the target cudaarch_verify (part of ALL) that runs them, for the
# targets of <top> and the directories below it; <command> asked for them, and the steps'
# messages start with its name.
function(_cudaarch_verify_tree command top)
  _cudaarch_own_list_settle()  # a list the project set after cudaarch_target_architectures
  get_property(list DIRECTORY "${top}" PROPERTY _CUDAARCH_VERIFY_LIST)
  get_property(value DIRECTORY "${top}" PROPERTY _CUDAARCH_VERIFY_VALUE)
  _cudaarch_cli_file(cudaarch ${command} VERIFY)
  set(script "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/verify_linked.cmake")
  # A multi-configuration generator builds each configuration's file apart: each is checked
  # and stamped apart (an output may name its configuration from CMake 3.20 on).
  set(stamp_dir "${CMAKE_CURRENT_BINARY_DIR}/cudaarch_verify")
  get_property(multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(multi_config AND NOT CMAKE_VERSION VERSION_LESS 3.20)
    string(APPEND stamp_dir "/$<CONFIG>")
  endif()
  set(stamps "")
  set(verified "")
  set(per_module "")
  _cudaarch_directory_tree_targets(targets "${top}")
  foreach(target IN LISTS targets)
    _cudaarch_verify_promised(expected "${target}" "${list}" "${value}")
    if(expected STREQUAL "")
      continue()
    endif()
    set(stamp "${stamp_dir}/${target}.stamp")
    string(REPLACE ";" "," expected "${expected}")
    _cudaarch_verify_module_arguments(module_arguments "${target}")
    _cudaarch_verify_origin_arguments(origin_arguments "${target}")
    _cudaarch_verify_flag_arguments(flag_arguments "${target}")
    add_custom_command(OUTPUT "${stamp}"
      COMMAND "${CMAKE_COMMAND}" "-DCOMMAND=${command}" "-DCUDAARCH=${cudaarch}" "-DFILE=$<TARGET_FILE:${target}>"
              "-DEXPECT=${expected}" "-DSTAMP=${stamp}" ${origin_arguments} ${module_arguments} ${flag_arguments}
              -P "${script}"
      # The file as well as the target: in a cross-configuration build (Ninja Multi-Config's
      # CMAKE_CROSS_CONFIGS) the target alone orders only one configuration's link first.
      DEPENDS ${target} "$<TARGET_FILE:${target}>" "${script}"
      COMMENT "CudaArch: verifying the images of ${target}" VERBATIM)
    list(APPEND stamps "${stamp}")
    list(APPEND verified "${target}")
    if(module_arguments)
      list(APPEND per_module "${target}")
    endif()
  endforeach()
  set(name cudaarch_verify)
  if(NOT top STREQUAL CMAKE_SOURCE_DIR)
    file(RELATIVE_PATH relative "${CMAKE_SOURCE_DIR}" "${top}")
    string(MAKE_C_IDENTIFIER "cudaarch_verify_${relative}" name)
  endif()
  add_custom_target(${name} ALL DEPENDS ${stamps})
  list(LENGTH verified count)
  set(modules "")
  if(per_module)
    set(modules "; module by module (architectures per source): ${per_module}")
  endif()
  _cudaarch_report("VERIFY: ${count} targets checked after each build (${name}): ${verified}${modules}")
endfunction()

# What <target> must hold: the list it is built for (_cudaarch_target_list), where it is a
# linked file built by default; empty for a target to leave alone.
function(_cudaarch_verify_promised out_var target list value)
  set(${out_var} "" PARENT_SCOPE)
  get_target_property(type "${target}" TYPE)
  get_target_property(excluded "${target}" EXCLUDE_FROM_ALL)
  if(NOT type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY)$" OR excluded)
    return()
  endif()
  _cudaarch_target_list(promised "${target}" "${list}" "${value}")
  set(${out_var} "${promised}" PARENT_SCOPE)
endfunction()

# The arguments of verify_linked.cmake that tell where <target>'s modules come from, which
# its messages name: NAME, the target; OBJECTS, its own object files ('|' between them);
# LIBRARIES, "static library <name>=<file>" for each static library it links (directly or
# through another) and "object library <name>=<object>,<object>" for each object library it
# links or takes in its SOURCES as $<TARGET_OBJECTS:<name>>, '|' between them (a module is
# tied to a file by the kernels they hold); DRIVER, the CUDA release of the project's nvcc,
# the driver `cudaarch check` judges PTX with (none: the installed driver's).
function(_cudaarch_verify_origin_arguments out_var target)
  _cudaarch_linked_static_libraries(linked "${target}")
  get_target_property(sources "${target}" SOURCES)
  string(REGEX MATCHALL "\\$<TARGET_OBJECTS:[^>]+>" taken "${sources}")
  list(TRANSFORM taken REPLACE "^\\$<TARGET_OBJECTS:(.*)>$" "\\1")
  set(libraries "")
  foreach(library IN LISTS linked taken)
    if(NOT TARGET "${library}")
      continue()
    endif()
    get_target_property(type "${library}" TYPE)
    if(type STREQUAL "STATIC_LIBRARY")
      list(APPEND libraries "static library ${library}=$<TARGET_FILE:${library}>")
    elseif(type STREQUAL "OBJECT_LIBRARY")
      list(APPEND libraries "object library ${library}=$<JOIN:$<TARGET_OBJECTS:${library}>,$<COMMA>>")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES libraries)
  list(JOIN libraries "|" libraries)
  string(REGEX MATCH "^[0-9]+\\.[0-9]+" driver "${CMAKE_CUDA_COMPILER_VERSION}")
  set(${out_var} "-DNAME=${target}" "-DOBJECTS=$<JOIN:$<TARGET_OBJECTS:${target}>,|>" "-DLIBRARIES=${libraries}"
                 "-DDRIVER=${driver}" PARENT_SCOPE)
endfunction()

# <out_var> = <arguments> (of verify_linked.cmake, for the verify test of <target>) with those
# that name what <target> links (LIBRARIES of _cudaarch_verify_origin_arguments, LINKED and
# LINKED_ANY of _cudaarch_verify_module_arguments) and the flags beside its list (FLAGS,
# FLAG_LIST, FIX of _cudaarch_verify_flag_arguments) read from target properties that the end
# of the calling directory writes (_cudaarch_verify_linked_settle, CMake 3.19+, where the
# verify test runs the module check): a library linked after the call is then judged as one,
# not counted as the target's own, and a flag added after it is named.
function(_cudaarch_verify_linked_later out_var target)
  get_target_property(aliased "${target}" ALIASED_TARGET)
  if(aliased)  # an ALIAS target has no properties of its own
    set(target "${aliased}")
  endif()
  set(arguments "")
  foreach(argument IN LISTS ARGN)
    if(argument MATCHES "^-D(LIBRARIES|LINKED|LINKED_ANY|FLAGS|FLAG_LIST|FIX)=")
      # The values hold generator expressions ($<TARGET_FILE:…>), which GENEX_EVAL evaluates.
      set(argument "-D${CMAKE_MATCH_1}=$<GENEX_EVAL:$<TARGET_PROPERTY:${target},_CUDAARCH_VERIFY_${CMAKE_MATCH_1}>>")
    endif()
    list(APPEND arguments "${argument}")
  endforeach()
  get_property(scheduled TARGET "${target}" PROPERTY _CUDAARCH_VERIFY_SETTLE_SCHEDULED)
  if(NOT scheduled)
    set_property(TARGET "${target}" PROPERTY _CUDAARCH_VERIFY_SETTLE_SCHEDULED TRUE)
    cmake_language(EVAL CODE "cmake_language(DEFER CALL _cudaarch_verify_linked_settle [==[${target}]==])")
  endif()
  set(${out_var} "${arguments}" PARENT_SCOPE)
endfunction()

# The deferred half of _cudaarch_verify_linked_later: what <target> links and the flags beside
# its list now, into the properties its verify tests' arguments read.
function(_cudaarch_verify_linked_settle target)
  _cudaarch_verify_origin_arguments(origin_arguments "${target}")
  _cudaarch_verify_module_arguments(module_arguments "${target}")
  _cudaarch_verify_flag_arguments(flag_arguments "${target}")
  foreach(argument IN LISTS origin_arguments module_arguments flag_arguments)
    if(argument MATCHES "^-D(LIBRARIES|LINKED|LINKED_ANY|FLAGS|FLAG_LIST|FIX)=(.*)$")
      set_property(TARGET "${target}" PROPERTY _CUDAARCH_VERIFY_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
    endif()
  endforeach()
endfunction()

# The arguments of verify_linked.cmake that name the architecture flags every CUDA compile of
# <target> gets beside its list, as flags.cmake finds them in the calling directory and the
# target's own options, for its warning on the images they add: FLAGS, the flags and their
# places in words; FLAG_LIST, the list they select (',' for ';'); FIX, how to build the list
# alone (", and " between places). All empty where no such flag is found.
function(_cudaarch_verify_flag_arguments out_var target)
  _cudaarch_architecture_flag_places(places FALSE)
  _cudaarch_target_flag_places(target_places "${target}")
  list(APPEND places ${target_places})
  set(said "")
  set(flag_list "")
  set(fixes "")
  if(places)
    _cudaarch_flag_images(flag_list said "" "${places}")
    string(REPLACE ";" "," flag_list "${flag_list}")
    foreach(place IN LISTS places)
      string(REGEX MATCH "^[^|]*" name "${place}")
      _cudaarch_flags_fix(fix "${name}")
      list(APPEND fixes "${fix}")
    endforeach()
    list(JOIN fixes ", and " fixes)
  endif()
  set(${out_var} "-DFLAGS=${said}" "-DFLAG_LIST=${flag_list}" "-DFIX=${fixes}" PARENT_SCOPE)
endfunction()

# The arguments of verify_linked.cmake's module check for <target>, empty for a target without
# per-source architectures: TARGET; REST, the target's own list; SOURCES, its
# "<list>=<source>" entries; LINKED, the lists of the CUDA static and object libraries it links
# (their modules are in its file), or LINKED_ANY when one of those has no list CudaArch knows.
# Lists have ',' for ';', and SOURCES, OBJECTS and LINKED '|' between items.
function(_cudaarch_verify_module_arguments out_var target)
  set(${out_var} "" PARENT_SCOPE)
  get_target_property(per_source "${target}" CUDAARCH_SOURCE_ARCHITECTURES)
  if(NOT per_source)
    return()
  endif()
  get_target_property(rest "${target}" CUDAARCH_ARCHITECTURES)
  string(REPLACE ";" "," rest "${rest}")
  _cudaarch_verify_linked_lists(linked any "${target}")
  list(JOIN per_source "|" sources)
  list(JOIN linked "|" linked)
  set(arguments "-DTARGET=${target}" "-DREST=${rest}" "-DSOURCES=${sources}" "-DLINKED=${linked}" "-DLINKED_ANY=${any}")
  set(${out_var} "${arguments}" PARENT_SCOPE)
endfunction()

# <out_lists> = the lists (',' for ';') of the static and object libraries with CUDA sources
# that <target> links, directly or through other such libraries, and of their per-source
# entries; <out_any> = TRUE when one of them has no fixed list (OFF, native, a generator
# expression), whose modules then may hold anything.
function(_cudaarch_verify_linked_lists out_lists out_any target)
  set(lists "")
  set(any FALSE)
  _cudaarch_linked_static_libraries(libraries "${target}")
  foreach(library IN LISTS libraries)
    get_target_property(sources "${library}" SOURCES)
    if(NOT sources MATCHES "\\.cu(;|$)")
      continue()
    endif()
    get_target_property(own "${library}" CUDAARCH_ARCHITECTURES)
    if(NOT own)
      get_target_property(own "${library}" CUDA_ARCHITECTURES)
    endif()
    if(NOT own OR own MATCHES "(^|;)(all|all-major|native)(;|$)|\\$<")
      set(any TRUE)
      continue()
    endif()
    string(REPLACE ";" "," own "${own}")
    get_target_property(per_source "${library}" CUDAARCH_SOURCE_ARCHITECTURES)
    if(per_source)
      list(TRANSFORM per_source REPLACE "=.*$" "")
    else()
      set(per_source "")
    endif()
    list(APPEND lists "${own}" ${per_source})
  endforeach()
  set(${out_lists} "${lists}" PARENT_SCOPE)
  set(${out_any} "${any}" PARENT_SCOPE)
endfunction()
