# SPDX-License-Identifier: Apache-2.0
# Internal: VERIFY of cudaarch_set_architectures. At the end of the calling directory, every
# executable, shared and module library with CUDA sources in its tree gets a build step that
# fails when the linked file lacks an image its architectures promise (verify_linked.cmake).
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/report.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/targets.cmake")

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
    cmake_language(DEFER CALL _cudaarch_verify_tree "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
endfunction()

# Adds the steps, and the target cudaarch_verify (part of ALL) that runs them, for the
# targets of <top> and the directories below it.
function(_cudaarch_verify_tree top)
  get_property(list DIRECTORY "${top}" PROPERTY _CUDAARCH_VERIFY_LIST)
  get_property(value DIRECTORY "${top}" PROPERTY _CUDAARCH_VERIFY_VALUE)
  if(TARGET CudaArch::cudaarch)
    set(cudaarch "$<TARGET_FILE:CudaArch::cudaarch>")
  elseif(TARGET cudaarch AND TARGET cudaarch_core)  # CudaArch itself, added as a subdirectory
    set(cudaarch "$<TARGET_FILE:cudaarch>")
  else()
    message(FATAL_ERROR "cudaarch_set_architectures: VERIFY needs the cudaarch tool (CudaArch::cudaarch): "
                        "find_package(CudaArch) from a build or install tree with the CLI, or drop VERIFY.")
  endif()
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
  _cudaarch_directory_tree_targets(targets "${top}")
  foreach(target IN LISTS targets)
    _cudaarch_verify_promised(expected "${target}" "${list}" "${value}")
    if(expected STREQUAL "")
      continue()
    endif()
    set(stamp "${stamp_dir}/${target}.stamp")
    string(REPLACE ";" "," expected "${expected}")
    add_custom_command(OUTPUT "${stamp}"
      COMMAND "${CMAKE_COMMAND}" "-DCUDAARCH=${cudaarch}" "-DFILE=$<TARGET_FILE:${target}>"
              "-DEXPECT=${expected}" "-DSTAMP=${stamp}" -P "${script}"
      # The file as well as the target: in a cross-configuration build (Ninja Multi-Config's
      # CMAKE_CROSS_CONFIGS) the target alone orders only one configuration's link first.
      DEPENDS ${target} "$<TARGET_FILE:${target}>" "${script}"
      COMMENT "CudaArch: verifying the images of ${target}" VERBATIM)
    list(APPEND stamps "${stamp}")
    list(APPEND verified "${target}")
  endforeach()
  set(name cudaarch_verify)
  if(NOT top STREQUAL CMAKE_SOURCE_DIR)
    file(RELATIVE_PATH relative "${CMAKE_SOURCE_DIR}" "${top}")
    string(MAKE_C_IDENTIFIER "cudaarch_verify_${relative}" name)
  endif()
  add_custom_target(${name} ALL DEPENDS ${stamps})
  list(LENGTH verified count)
  _cudaarch_report("VERIFY: ${count} targets checked after each build (${name}): ${verified}")
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
