# SPDX-License-Identifier: Apache-2.0
# Internal: where the request of cudaarch_set_architectures comes from. The user's explicit
# value (CUDAARCH_ARCHITECTURES, or a CMAKE_CUDA_ARCHITECTURES that the user, a toolchain file
# or CudaArchBeforeProject.cmake set) must be told apart from the one CMake itself wrote (its
# copy of CUDAARCHS, its compiler default), since a user's setting is never overridden; without
# one: CUDAARCHS, TORCH_CUDA_ARCH_LIST (FROM_ENV), the project's FLEET or DEFAULT, then native.
# Also what the directory builds once that request is resolved (_cudaarch_directory_value).
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/apply.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/report.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/select.cmake")

# The user's explicit request to <command>, if any: CUDAARCH_ARCHITECTURES, or a
# CMAKE_CUDA_ARCHITECTURES that neither CMake nor this command wrote. Sets <source> empty if none.
function(_cudaarch_explicit_request request_var source_var dialect_var command)
  set(${request_var} "" PARENT_SCOPE)
  set(${source_var} "" PARENT_SCOPE)
  set(${dialect_var} "" PARENT_SCOPE)
  get_property(ours GLOBAL PROPERTY _CUDAARCH_SET_VALUE)
  set(cmake_value "")
  set(cmake_source "the user's CMAKE_CUDA_ARCHITECTURES")
  _cudaarch_toolchain_architectures(toolchain_value)
  if(NOT toolchain_value STREQUAL "")
    # A toolchain file's value, which project() may not have read yet, or which CMake's
    # copy of CUDAARCHS dropped (policy CMP0126 OLD removes a normal variable).
    set(cmake_value "${toolchain_value}")
    set(cmake_source "the toolchain file's CMAKE_CUDA_ARCHITECTURES")
  elseif(DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT "${CMAKE_CUDA_ARCHITECTURES}" STREQUAL ""
         AND NOT "${CMAKE_CUDA_ARCHITECTURES}" STREQUAL "${ours}")
    _cudaarch_cmake_wrote_architectures(cmake_wrote)
    if(NOT cmake_wrote)
      set(cmake_value "${CMAKE_CUDA_ARCHITECTURES}")
    endif()
  endif()
  get_property(caught GLOBAL PROPERTY _CUDAARCH_CAUGHT_REQUEST)
  if(cmake_value STREQUAL "" AND NOT caught STREQUAL "")
    set(cmake_value "${caught}")
    set_property(GLOBAL PROPERTY _CUDAARCH_CAUGHT_TAKEN TRUE)
  endif()
  if(DEFINED CUDAARCH_ARCHITECTURES AND NOT "${CUDAARCH_ARCHITECTURES}" STREQUAL "")
    if(NOT cmake_value STREQUAL "" AND NOT "${cmake_value}" STREQUAL "${CUDAARCH_ARCHITECTURES}")
      message(FATAL_ERROR "${command}: both CUDAARCH_ARCHITECTURES='${CUDAARCH_ARCHITECTURES}' and CMAKE_CUDA_ARCHITECTURES='${cmake_value}' are set; keep one")
    endif()
    set(${request_var} "${CUDAARCH_ARCHITECTURES}" PARENT_SCOPE)
    set(${source_var} "the user's CUDAARCH_ARCHITECTURES" PARENT_SCOPE)
    # CMake tells a project no preset's name; CudaArch's presets record theirs with the
    # value they set (CUDAARCH_PRESET "<preset>: <value>"), which a -D given beside
    # --preset replaces in CUDAARCH_ARCHITECTURES only.
    if("${CUDAARCH_PRESET}" MATCHES "^(.+): (.*)$" AND CMAKE_MATCH_2 STREQUAL CUDAARCH_ARCHITECTURES)
      set(${source_var} "preset '${CMAKE_MATCH_1}' (CUDAARCH_ARCHITECTURES)" PARENT_SCOPE)
    endif()
  elseif(NOT cmake_value STREQUAL "")
    set(${request_var} "${cmake_value}" PARENT_SCOPE)
    set(${source_var} "${cmake_source}" PARENT_SCOPE)
    set(${dialect_var} CMAKE PARENT_SCOPE)
  endif()
endfunction()

# Whether CMake itself wrote the CMAKE_CUDA_ARCHITECTURES in effect: its copy of CUDAARCHS
# or its compiler default, both cached with the help string "CUDA architectures". The help
# string alone cannot tell: that copy is a set(CACHE STRING) that adopts an untyped -D entry
# with its value and gives it that help string too. So a cached value with CMake's help
# string is CMake's only where it equals CUDAARCHS or, without CUDAARCHS, CMake's default;
# the first verdict is kept in _CUDAARCH_CMAKE_WROTE_ARCHITECTURES, since the environment
# of a later configure may differ and CMake writes the cache only once.
function(_cudaarch_cmake_wrote_architectures out_var)
  set(${out_var} FALSE PARENT_SCOPE)
  get_property(help CACHE CMAKE_CUDA_ARCHITECTURES PROPERTY HELPSTRING)
  if(NOT help STREQUAL "CUDA architectures"
     OR NOT "${CMAKE_CUDA_ARCHITECTURES}" STREQUAL "$CACHE{CMAKE_CUDA_ARCHITECTURES}")
    return()  # a -D the copy did not touch, or a normal variable: a toolchain file, set()
  endif()
  if(DEFINED CACHE{_CUDAARCH_CMAKE_WROTE_ARCHITECTURES})
    if("${CMAKE_CUDA_ARCHITECTURES}" STREQUAL "$CACHE{_CUDAARCH_CMAKE_WROTE_ARCHITECTURES}")
      set(${out_var} TRUE PARENT_SCOPE)
    endif()
    return()  # else changed since CMake wrote it: cmake -D or a cache editor
  endif()
  if(NOT "$ENV{CUDAARCHS}" STREQUAL "" AND NOT "${CMAKE_CUDA_ARCHITECTURES}" STREQUAL "$ENV{CUDAARCHS}"
     AND CMAKE_VERSION VERSION_GREATER_EQUAL 3.20)
    return()  # CMake's copy of CUDAARCHS (3.20+) kept a user's untyped -D
  endif()
  _cudaarch_cmake_wrote("${CMAKE_CUDA_ARCHITECTURES}")
  set(${out_var} TRUE PARENT_SCOPE)
endfunction()

# Records <value> as the CMAKE_CUDA_ARCHITECTURES cache entry CMake wrote (see above).
function(_cudaarch_cmake_wrote value)
  set(_CUDAARCH_CMAKE_WROTE_ARCHITECTURES "${value}" CACHE INTERNAL
      "The CMAKE_CUDA_ARCHITECTURES that CMake wrote, not the user")
endfunction()

# The CMAKE_CUDA_ARCHITECTURES that the toolchain file (CMAKE_TOOLCHAIN_FILE) sets, or
# empty. Read in this function's scope, as CMake itself reads it again for each
# try_compile, so that its settings stay here.
function(_cudaarch_toolchain_architectures out_var)
  set(${out_var} "" PARENT_SCOPE)
  if("${CMAKE_TOOLCHAIN_FILE}" STREQUAL "")
    return()
  endif()
  set(file "${CMAKE_TOOLCHAIN_FILE}")
  if(NOT IS_ABSOLUTE "${file}" AND EXISTS "${CMAKE_BINARY_DIR}/${file}")
    set(file "${CMAKE_BINARY_DIR}/${file}")
  elseif(NOT IS_ABSOLUTE "${file}")
    set(file "${CMAKE_SOURCE_DIR}/${file}")
  endif()
  if(NOT EXISTS "${file}")
    return()
  endif()
  set(CMAKE_CUDA_ARCHITECTURES "_cudaarch_unset")
  include("${file}")
  if(NOT "${CMAKE_CUDA_ARCHITECTURES}" STREQUAL "_cudaarch_unset")
    set(${out_var} "${CMAKE_CUDA_ARCHITECTURES}" PARENT_SCOPE)
  endif()
endfunction()

# Before the CUDA language is enabled: keeps project() from replacing the result. CMake
# (3.20+) copies a non-empty CUDAARCHS into the cache there (set(CACHE STRING), never
# replacing a typed entry), and under policy CMP0126 OLD (any project requiring less than
# 3.21) that removes the normal variable holding the result unless a typed entry exists. So
# the copy is made here, as CMake would make it: a new entry holds CUDAARCHS, recorded as
# CMake's (_cudaarch_cmake_wrote_architectures), and a user's untyped -D entry gets its type;
# CMake's own copy then changes nothing. The process environment is left alone.
function(_cudaarch_keep_before_project)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if("CUDA" IN_LIST languages OR "$ENV{CUDAARCHS}" STREQUAL "" OR CMAKE_VERSION VERSION_LESS 3.20)
    return()
  endif()
  get_property(type CACHE CMAKE_CUDA_ARCHITECTURES PROPERTY TYPE)
  if(NOT DEFINED CACHE{CMAKE_CUDA_ARCHITECTURES})
    _cudaarch_cmake_wrote("$ENV{CUDAARCHS}")
    set(CMAKE_CUDA_ARCHITECTURES "$ENV{CUDAARCHS}" CACHE STRING "CUDA architectures")
  elseif(type STREQUAL "UNINITIALIZED")
    set(CMAKE_CUDA_ARCHITECTURES "$CACHE{CMAKE_CUDA_ARCHITECTURES}" CACHE STRING "CUDA architectures")
  endif()
endfunction()

# For <command> (cudaarch_set_architectures) without an explicit request: CUDAARCHS, then
# (with <from_env>) TORCH_CUDA_ARCH_LIST as a cache and as an environment variable, then the
# project's FLEET or DEFAULT, then native. Sets <request_var>, <source_var>, <dialect_var>
# and, for a fleet, <fleet_var>.
function(_cudaarch_implicit_request request_var source_var dialect_var fleet_var command from_env fleet
         default)
  set(request "")
  set(source "")
  set(dialect "")
  set(fleet_list "")
  if(NOT "$ENV{CUDAARCHS}" STREQUAL "")
    set(request "$ENV{CUDAARCHS}")
    set(source "the CUDAARCHS environment variable")
    set(dialect CMAKE)
  elseif(from_env AND NOT "$CACHE{TORCH_CUDA_ARCH_LIST}" STREQUAL "")
    set(request "$CACHE{TORCH_CUDA_ARCH_LIST}")
    set(source "the TORCH_CUDA_ARCH_LIST cache variable")
    set(dialect TORCH)
  elseif(from_env AND DEFINED ENV{TORCH_CUDA_ARCH_LIST} AND NOT "$ENV{TORCH_CUDA_ARCH_LIST}" STREQUAL "")
    set(request "$ENV{TORCH_CUDA_ARCH_LIST}")
    set(source "the TORCH_CUDA_ARCH_LIST environment variable")
    set(dialect TORCH)
  elseif(NOT "${fleet}" STREQUAL "")
    set(fleet_list "${fleet}")
    set(source "the project's FLEET")
  elseif(NOT "${CUDAARCH_FLEET_OBJECTIVE}" STREQUAL "")
    message(FATAL_ERROR "${command}: CUDAARCH_FLEET_OBJECTIVE is set but no fleet is named: "
                        "set CUDAARCH_FLEET to its GPUs (the cudaarch-fleet preset reads the environment variable CUDAARCH_FLEET)")
  elseif(NOT default STREQUAL "")
    set(request "${default}")
    set(source "the project's DEFAULT")
  else()
    set(request native)
    set(source "${command}' own default")
  endif()
  set(${request_var} "${request}" PARENT_SCOPE)
  set(${source_var} "${source}" PARENT_SCOPE)
  set(${dialect_var} "${dialect}" PARENT_SCOPE)
  set(${fleet_var} "${fleet_list}" PARENT_SCOPE)
endfunction()

# The request of <command> (cudaarch_set_architectures), from the first place that names it:
# the user's explicit request, the -gencode flags find_package(Torch) leaves, the user's
# CUDAARCH_FLEET, else _cudaarch_implicit_request (<from_env>, the project's <fleet> and
# <default>; <objective> and <fleet_ptx> are checked against them). Checks it is one line and
# reports it. Sets <request_var> (a fleet's GPUs for one), <source_var>, <dialect_var>,
# <fleet_var> (the fleet or empty) and <from_flags_var> (TRUE where CMAKE_CUDA_FLAGS is it).
function(_cudaarch_pick_request request_var source_var dialect_var fleet_var from_flags_var command from_env
         fleet_gpus default objective fleet_ptx)
  _cudaarch_explicit_request(request source dialect ${command})
  # find_package(Torch): CMAKE_CUDA_ARCHITECTURES OFF, and its -gencode flags in
  # CMAKE_CUDA_FLAGS, which nvcc gets whatever is set here: they are the request, and
  # nothing is added to them.
  set(from_flags FALSE)
  if("${CMAKE_CUDA_ARCHITECTURES}" MATCHES "^(OFF|FALSE|NO|0)$"
     AND (source STREQUAL "" OR (dialect STREQUAL "CMAKE" AND request MATCHES "^(OFF|FALSE|NO|0)$")))
    _cudaarch_split_nvcc_flags(flags_request other_flags "${CMAKE_CUDA_FLAGS}")
    if(NOT flags_request STREQUAL "")
      set(request "${flags_request}")
      set(source CMAKE_CUDA_FLAGS)
      set(dialect "")
      set(from_flags TRUE)
    endif()
  endif()
  _cudaarch_fleet_arguments(fleet source ${command} "${source}" "${request}" "${fleet_gpus}"
    "${default}" "${objective}" "${fleet_ptx}")
  if(source STREQUAL "")
    _cudaarch_implicit_request(request source dialect fleet ${command} "${from_env}" "${fleet_gpus}" "${default}")
  endif()
  # (PyTorch's own CMake has read it when its flags are the request.)
  if(NOT from_env AND NOT from_flags AND NOT "$CACHE{TORCH_CUDA_ARCH_LIST}" STREQUAL "")
    message(WARNING "${command}: TORCH_CUDA_ARCH_LIST='$CACHE{TORCH_CUDA_ARCH_LIST}' is not read: "
                    "this project does not pass FROM_ENV TORCH_CUDA_ARCH_LIST. Set -DCUDAARCH_ARCHITECTURES instead "
                    "(any notation, PyTorch's too).")
  endif()
  if(fleet)
    set(request "${fleet}")
  endif()
  if(NOT source MATCHES "^the project's ")  # a project's FLEET may be nvidia-smi's CSV, a row a line
    _cudaarch_one_line(${command} "${source}" "${request}")
  endif()
  _cudaarch_escape(shown "${request}")
  # CMake reads any false constant in CMAKE_CUDA_ARCHITECTURES as "no flags"; CudaArch's own
  # variable takes a notation, or OFF for that: 0 or NO there built nvcc's default unsaid.
  string(TOUPPER "${request}" upper)
  if(source MATCHES "CUDAARCH_ARCHITECTURES" AND upper MATCHES "^(FALSE|NO|N|0|IGNORE)$")
    message(FATAL_ERROR "${command}: ${source} '${shown}' names no architecture; name at least one \
(such as 86 or all-major), or OFF for no architecture flags")
  endif()
  _cudaarch_report("request '${shown}' from ${source}")
  set(${request_var} "${request}" PARENT_SCOPE)
  set(${source_var} "${source}" PARENT_SCOPE)
  set(${dialect_var} "${dialect}" PARENT_SCOPE)
  set(${fleet_var} "${fleet}" PARENT_SCOPE)
  set(${from_flags_var} "${from_flags}" PARENT_SCOPE)
endfunction()

# For <command> (cudaarch_set_architectures): what the directory builds once the request is
# resolved to <list> (<model> its parsed form) against <compiler> (empty: the default nvcc),
# reported with each GPU's verdict (<hooks>, the detection's test hooks): OFF where
# <from_flags> (CMAKE_CUDA_FLAGS builds it), else _cudaarch_apply_directory_settings for
# <variable>, with <cores> logical cores (empty: this machine's). Sets <value_var> to what
# CMAKE_CUDA_ARCHITECTURES gets.
function(_cudaarch_directory_value value_var command list model variable compiler from_flags hooks cores)
  set(nvcc "${compiler}")
  if(NOT nvcc)
    _cudaarch_default_compiler(nvcc)
  endif()
  _cudaarch_toolkit(toolkit "${nvcc}")
  if(from_flags)
    _cudaarch_report("CUDA architectures: ${list} (nvcc ${toolkit_VERSION}, ${nvcc}), built by the flags \
in CMAKE_CUDA_FLAGS; CudaArch adds none")
    set(value OFF)
  else()
    _cudaarch_report("CUDA architectures: ${list} (nvcc ${toolkit_VERSION}, ${nvcc})")
    _cudaarch_apply_directory_settings(value ${command} "${list}" "${model}" "${variable}" "${toolkit_VERSION}" "${cores}")
  endif()
  _cudaarch_report_gpus("${list}" "${value}" "${toolkit_VERSION}" ${command} "${hooks}")
  set(${value_var} "${value}" PARENT_SCOPE)
endfunction()

# Whether CMake's own CUDA compiler check accepts <value> as CMAKE_CUDA_ARCHITECTURES (the
# data file's cmake rows say from which release a keyword or suffix passes).
function(_cudaarch_cmake_accepts out_var value)
  set(${out_var} TRUE PARENT_SCOPE)
  if(value MATCHES "^(OFF|FALSE|NO|0)$")
    return()
  elseif(value MATCHES "^(all|all-major|native)$")
    _cudaarch_cmake_takes(takes "${value}")
    if(takes)
      return()
    endif()
  endif()
  foreach(entry IN LISTS value)
    if(NOT entry MATCHES "^[0-9]+[af]?(-real|-virtual)?$")
      set(${out_var} FALSE PARENT_SCOPE)
    endif()
  endforeach()
  _cudaarch_cmake_can_express(expressible "${value}")
  if(NOT expressible)
    set(${out_var} FALSE PARENT_SCOPE)
  endif()
endfunction()

# CudaArchBeforeProject.cmake: before project()'s compiler check, a user's value this CMake
# would reject there is set aside for cudaarch_set_architectures (_cudaarch_explicit_request)
# and CMAKE_CUDA_ARCHITECTURES becomes OFF in the including scope. CUDAARCHS, which CMake
# reads only when the variable is undefined, needs the OFF alone: the command reads it.
# <module>: the entry point catching it (CudaArchBeforeProject), which its error names.
function(_cudaarch_catch_user_request module)
  if(DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(value "${CMAKE_CUDA_ARCHITECTURES}")
    set(source "CMAKE_CUDA_ARCHITECTURES")
  elseif(NOT "$ENV{CUDAARCHS}" STREQUAL "")
    set(value "$ENV{CUDAARCHS}")
    set(source "CUDAARCHS")
  else()
    return()
  endif()
  _cudaarch_cmake_accepts(accepted "${value}")
  if(accepted)
    return()
  endif()
  if(source STREQUAL "CMAKE_CUDA_ARCHITECTURES")
    set_property(GLOBAL PROPERTY _CUDAARCH_CAUGHT_REQUEST "${value}")
    if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.19)
      # DEFER reads its arguments when the call runs, out of this scope: the name goes in now.
      cmake_language(EVAL CODE "cmake_language(DEFER DIRECTORY [==[${CMAKE_SOURCE_DIR}]==] \
CALL _cudaarch_check_caught_taken [==[${module}]==])")
    endif()
  endif()
  set_property(GLOBAL PROPERTY _CUDAARCH_SET_VALUE OFF)
  set(CMAKE_CUDA_ARCHITECTURES OFF PARENT_SCOPE)
  _cudaarch_report("${source}='${value}' set aside: CMake ${CMAKE_VERSION}'s compiler check would reject it, cudaarch_set_architectures resolves it")
endfunction()

# At the end of the top-level directory: stops <module> when no cudaarch_set_architectures
# took the value it caught.
function(_cudaarch_check_caught_taken module)
  get_property(taken GLOBAL PROPERTY _CUDAARCH_CAUGHT_TAKEN)
  if(NOT taken)
    get_property(caught GLOBAL PROPERTY _CUDAARCH_CAUGHT_REQUEST)
    message(FATAL_ERROR "${module}: CMAKE_CUDA_ARCHITECTURES='${caught}' was kept from CMake's compiler "
                        "check, but no cudaarch_set_architectures() call took it; call it after project(), or drop "
                        "${module}.cmake and pass a value CMake ${CMAKE_VERSION} accepts.")
  endif()
endfunction()
