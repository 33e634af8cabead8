# SPDX-License-Identifier: Apache-2.0
# Internal: where the request of cudaarch_set_architectures comes from. The user's explicit
# value (CUDAARCH_ARCHITECTURES, or a CMAKE_CUDA_ARCHITECTURES that the user, a toolchain file
# or CudaArchBeforeProject.cmake set) must be told apart from the one CMake itself wrote (its
# copy of CUDAARCHS, its compiler default), since a user's setting is never overridden; without
# one: CUDAARCHS, TORCH_CUDA_ARCH_LIST (FROM_ENV), the project's FLEET or DEFAULT, then native.
# Also what the directory builds once that request is resolved (_cudaarch_directory_value).
# The inputs are read once, by _cudaarch_request_inputs (request_inputs.cmake); the functions
# here take them as <inputs>, the prefix of its fields.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/request_inputs.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/apply.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/flags.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/report.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/select.cmake")

# The user's explicit request to <command>, if any, from the fields of <inputs>
# (_cudaarch_request_inputs): CUDAARCH_ARCHITECTURES, or a CMAKE_CUDA_ARCHITECTURES that
# neither CMake nor this command wrote: a normal variable (the project's set(), a toolchain
# file's), or a cache entry of <origin> user (_cudaarch_architectures_origin). Sets <source>
# empty if none.
function(_cudaarch_explicit_request request_var source_var dialect_var command inputs origin)
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
  elseif(NOT "${${inputs}_CMAKE_CUDA_ARCHITECTURES}" STREQUAL ""
         AND NOT "${${inputs}_CMAKE_CUDA_ARCHITECTURES}" STREQUAL "${ours}")
    if(origin STREQUAL "user" OR NOT "${${inputs}_CMAKE_CUDA_ARCHITECTURES}" STREQUAL "$CACHE{CMAKE_CUDA_ARCHITECTURES}")
      set(cmake_value "${${inputs}_CMAKE_CUDA_ARCHITECTURES}")
    endif()
  endif()
  get_property(caught GLOBAL PROPERTY _CUDAARCH_CAUGHT_REQUEST)
  if(cmake_value STREQUAL "" AND NOT caught STREQUAL "")
    set(cmake_value "${caught}")
    set_property(GLOBAL PROPERTY _CUDAARCH_CAUGHT_TAKEN TRUE)
  endif()
  set(user_value "${${inputs}_USER_ARCHITECTURES}")
  if(NOT user_value STREQUAL "")
    if(NOT cmake_value STREQUAL "" AND NOT "${cmake_value}" STREQUAL "${user_value}")
      _cudaarch_mutually_exclusive(both "CUDAARCH_ARCHITECTURES='${user_value}'" "CMAKE_CUDA_ARCHITECTURES='${cmake_value}'")
      message(FATAL_ERROR "${command}: ${both}")
    endif()
    set(${request_var} "${user_value}" PARENT_SCOPE)
    set(${source_var} "the user's CUDAARCH_ARCHITECTURES" PARENT_SCOPE)
    # CMake tells a project no preset's name; CudaArch's presets record theirs with the
    # value they set (CUDAARCH_PRESET "<preset>: <value>"), which a -D given beside
    # --preset replaces in CUDAARCH_ARCHITECTURES only.
    if("${${inputs}_USER_PRESET}" MATCHES "^(.+): (.*)$" AND CMAKE_MATCH_2 STREQUAL user_value)
      set(${source_var} "preset '${CMAKE_MATCH_1}' (CUDAARCH_ARCHITECTURES)" PARENT_SCOPE)
    endif()
  elseif(NOT cmake_value STREQUAL "")
    set(${request_var} "${cmake_value}" PARENT_SCOPE)
    set(${source_var} "${cmake_source}" PARENT_SCOPE)
    set(${dialect_var} CMAKE PARENT_SCOPE)
  endif()
endfunction()

# Who set the CMAKE_CUDA_ARCHITECTURES cache entry in effect, told by the configure that first
# saw it, never by its help string (CMake's copy of CUDAARCHS adopts an untyped -D with its
# value and gives it CMake's help string): <origin_var> is
#   none     no entry
#   user     the user (-D, a preset, a cache editor) or the project (set(CACHE) before the call)
#   env      CMake's copy of CUDAARCHS, or CudaArch's for it before project(): CUDAARCHS
#            initialized this build tree
#   default  CMake's own default for the compiler (CMAKE_CUDA_ARCHITECTURES_DEFAULT), which
#            CMake writes when the CUDA language is enabled with no value: no request
# and <first_var> is TRUE on the first configure of the build tree that CudaArch saw. The
# verdict is kept with the value (_CUDAARCH_ARCHITECTURES_ORIGIN, "<origin>|<MD5 of value>"):
# a later configure finds it as long as the entry still holds that value; an entry changed
# since is the user's. On the first configure, an entry before the CUDA language is enabled is the user's
# (CMake has written none yet), and so is an untyped one (-D without a type: CMake's own writes
# are typed); else it is CMake's where it equals CUDAARCHS or, without CUDAARCHS, CMake's
# default, which a user's typed -D of that same value cannot be told from. <inputs>: the
# fields of _cudaarch_request_inputs (CUDAARCHS, the flags).
function(_cudaarch_architectures_origin origin_var first_var inputs)
  # Decided by the configure's first call: its record is there for the calls after it.
  get_property(decided GLOBAL PROPERTY _CUDAARCH_FIRST_CONFIGURE SET)
  if(NOT decided)
    set(first TRUE)
    if(DEFINED CACHE{_CUDAARCH_ARCHITECTURES_ORIGIN})
      set(first FALSE)
    endif()
    set_property(GLOBAL PROPERTY _CUDAARCH_FIRST_CONFIGURE ${first})
  endif()
  get_property(first GLOBAL PROPERTY _CUDAARCH_FIRST_CONFIGURE)
  set(${first_var} ${first} PARENT_SCOPE)
  if(NOT DEFINED CACHE{CMAKE_CUDA_ARCHITECTURES})
    set(origin none)
  elseif(DEFINED CACHE{_CUDAARCH_ARCHITECTURES_ORIGIN})
    set(origin user)
    string(MD5 value "$CACHE{CMAKE_CUDA_ARCHITECTURES}")
    if("$CACHE{_CUDAARCH_ARCHITECTURES_ORIGIN}" MATCHES "^([a-z]+)\\|(.*)$" AND value STREQUAL CMAKE_MATCH_2)
      set(origin "${CMAKE_MATCH_1}")
    endif()
  else()
    get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
    get_property(type CACHE CMAKE_CUDA_ARCHITECTURES PROPERTY TYPE)
    set(origin user)
    if("CUDA" IN_LIST languages AND NOT type STREQUAL "UNINITIALIZED")
      if(NOT "${${inputs}_CUDAARCHS}" STREQUAL "" AND CMAKE_VERSION VERSION_GREATER_EQUAL 3.20)
        if("$CACHE{CMAKE_CUDA_ARCHITECTURES}" STREQUAL "${${inputs}_CUDAARCHS}")
          set(origin env)
        endif()
      else()
        set(compiler_default "${CMAKE_CUDA_ARCHITECTURES_DEFAULT}")
        if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES_DEFAULT)
          # CMake before 3.20 keeps the default it wrote in no variable: it is nvcc's own, which
          # the data file's cuda row of the compiler's release holds.
          _cudaarch_load_database()
          string(REGEX MATCH "^[0-9]+\\.[0-9]+" release "${CMAKE_CUDA_COMPILER_VERSION}")
          string(REPLACE "." "_" release "${release}")
          get_property(compiler_default GLOBAL PROPERTY _CUDAARCH_CUDA_${release}_DEFAULT)
        endif()
        # Where CMAKE_CUDA_FLAGS selects architectures, CMake's default is what they build.
        set(flags_default "")
        if(NOT "${${inputs}_FLAGS_REQUEST}" STREQUAL "")
          _cudaarch_format_impl(flags_default ignored ignored CMAKE "" "${${inputs}_FLAGS_REQUEST}")
          list(TRANSFORM flags_default REPLACE "-(real|virtual)$" "")
          list(REMOVE_DUPLICATES flags_default)
        endif()
        if(compiler_default STREQUAL "" OR "$CACHE{CMAKE_CUDA_ARCHITECTURES}" STREQUAL compiler_default
           OR "$CACHE{CMAKE_CUDA_ARCHITECTURES}" STREQUAL "${flags_default}")
          set(origin default)
        endif()
      endif()
    endif()
  endif()
  set(${origin_var} "${origin}" PARENT_SCOPE)
endfunction()

# Keeps <origin> (_cudaarch_architectures_origin) as the verdict on the cache entry in effect,
# with the entry's value as its MD5 (one line, whatever the value holds).
function(_cudaarch_record_origin origin)
  string(MD5 value "$CACHE{CMAKE_CUDA_ARCHITECTURES}")
  set(_CUDAARCH_ARCHITECTURES_ORIGIN "${origin}|${value}" CACHE INTERNAL
      "Who set the CMAKE_CUDA_ARCHITECTURES cache entry (CudaArch): user, env, default or none")
endfunction()

# The CMAKE_CUDA_ARCHITECTURES that the toolchain file (CMAKE_TOOLCHAIN_FILE) set when
# project() read it, as _cudaarch_toolchain_set saw it, or empty. CudaArch never reads the file
# itself: a toolchain file acts each time it is read (vcpkg's, guarded by a normal variable,
# would wrap find_package once more after a read in a function scope).
function(_cudaarch_toolchain_architectures out_var)
  get_property(value GLOBAL PROPERTY _CUDAARCH_TOOLCHAIN_ARCHITECTURES)
  set(${out_var} "${value}" PARENT_SCOPE)
endfunction()

# Whether project() has yet to read the toolchain file: CMake sets CMAKE_SYSTEM_LOADED right
# after reading it, on every configure (CMakeSystem.cmake).
function(_cudaarch_toolchain_pending out_var)
  set(${out_var} FALSE PARENT_SCOPE)
  if(NOT "${CMAKE_TOOLCHAIN_FILE}" STREQUAL "" AND NOT DEFINED CMAKE_SYSTEM_LOADED)
    set(${out_var} TRUE PARENT_SCOPE)
  endif()
endfunction()

# Before project() has read the toolchain file: watches what the file sets
# CMAKE_CUDA_ARCHITECTURES to (_cudaarch_toolchain_set), the user's value, which CMake's copy of
# CUDAARCHS may remove again (policy CMP0126 OLD). Once per configure.
function(_cudaarch_watch_toolchain)
  _cudaarch_toolchain_pending(pending)
  get_property(watched GLOBAL PROPERTY _CUDAARCH_TOOLCHAIN_WATCHED)
  if(pending AND NOT watched)
    set_property(GLOBAL PROPERTY _CUDAARCH_TOOLCHAIN_WATCHED TRUE)
    variable_watch(CMAKE_CUDA_ARCHITECTURES _cudaarch_toolchain_set)
  endif()
endfunction()

# variable_watch's callback: CMAKE_CUDA_ARCHITECTURES set to <value> while the list files being
# read (<stack>) include the toolchain file is the toolchain's value. A relative
# CMAKE_TOOLCHAIN_FILE is the build tree's file, else the source tree's, as CMake reads it.
function(_cudaarch_toolchain_set variable access value file stack)
  if(NOT access MATCHES "MODIFIED_ACCESS$")
    return()
  endif()
  set(toolchains "")
  foreach(base IN ITEMS "${CMAKE_BINARY_DIR}" "${CMAKE_SOURCE_DIR}")
    get_filename_component(toolchain "${CMAKE_TOOLCHAIN_FILE}" REALPATH BASE_DIR "${base}")
    list(APPEND toolchains "${toolchain}")
  endforeach()
  foreach(entry IN LISTS stack)
    get_filename_component(entry "${entry}" REALPATH)
    if(entry IN_LIST toolchains)
      set_property(GLOBAL PROPERTY _CUDAARCH_TOOLCHAIN_ARCHITECTURES "${value}")
      return()
    endif()
  endforeach()
endfunction()

# Before the CUDA language is enabled: keeps project() from replacing the result, and makes
# the build tree keep CUDAARCHS on every release. CMake (3.20+; before, nobody: the copy
# below is then CudaArch's alone) copies a non-empty CUDAARCHS into the cache there (set(CACHE STRING), never
# replacing a typed entry), and under policy CMP0126 OLD (any project requiring less than
# 3.21) that removes the normal variable holding the result unless a typed entry exists. So
# the copy is made here, as CMake would make it: a new entry holds CUDAARCHS, recorded as
# CUDAARCHS's (_cudaarch_record_origin env), and a user's untyped -D entry gets its type;
# CMake's own copy then changes nothing. The process environment is left alone. <inputs>: the
# fields of _cudaarch_request_inputs (CUDAARCHS).
function(_cudaarch_keep_before_project inputs)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  set(cudaarchs "${${inputs}_CUDAARCHS}")
  # A CUDAARCHS with a line break is refused (_cudaarch_pick_request): no copy of it is made.
  if("CUDA" IN_LIST languages OR cudaarchs STREQUAL "" OR cudaarchs MATCHES "\n")
    return()
  endif()
  get_property(type CACHE CMAKE_CUDA_ARCHITECTURES PROPERTY TYPE)
  if(NOT DEFINED CACHE{CMAKE_CUDA_ARCHITECTURES})
    set(CMAKE_CUDA_ARCHITECTURES "${cudaarchs}" CACHE STRING "CUDA architectures")
    _cudaarch_record_origin(env)
  elseif(type STREQUAL "UNINITIALIZED")
    set(CMAKE_CUDA_ARCHITECTURES "$CACHE{CMAKE_CUDA_ARCHITECTURES}" CACHE STRING "CUDA architectures")
  endif()
endfunction()

# For <command> (cudaarch_set_architectures) without an explicit request, from the fields of
# <inputs> (_cudaarch_request_inputs): CUDAARCHS (the cache entry it initialized, <origin>
# env, or on the <first> configure of the build tree the environment variable, as CMake reads
# it), then (with FROM_ENV) TORCH_CUDA_ARCH_LIST as a cache variable, else as the environment
# variable by the same rule (the value that initialized the tree, recorded in
# _CUDAARCH_TORCH_CUDA_ARCH_LIST), then the project's FLEET or DEFAULT, then native. Sets
# <request_var>, <source_var>, <dialect_var> and, for a fleet, <fleet_var>.
function(_cudaarch_implicit_request request_var source_var dialect_var fleet_var command inputs origin first)
  set(cudaarchs "${${inputs}_CUDAARCHS}")
  set(from_env "${${inputs}_FROM_ENV}")
  set(request "")
  set(source "")
  set(dialect "")
  set(fleet_list "")
  if(origin STREQUAL "env")
    set(request "$CACHE{CMAKE_CUDA_ARCHITECTURES}")
    set(source "the CUDAARCHS environment variable")
    set(dialect CMAKE)
  elseif(first AND NOT cudaarchs STREQUAL "")
    set(request "${cudaarchs}")
    set(source "the CUDAARCHS environment variable")
    set(dialect CMAKE)
    if(CMAKE_VERSION VERSION_LESS 3.20 AND NOT origin STREQUAL "user" AND NOT request MATCHES "\n")
      # CMake before 3.20 does not read CUDAARCHS: the copy that initializes the build tree is
      # made here, over CMake's own default, as 3.20 makes it, so that the tree keeps it.
      set(CMAKE_CUDA_ARCHITECTURES "${cudaarchs}" CACHE STRING "CUDA architectures" FORCE)
      _cudaarch_record_origin(env)
    endif()
  elseif(from_env AND NOT "${${inputs}_TORCH_CUDA_ARCH_LIST_CACHE}" STREQUAL "")
    set(request "${${inputs}_TORCH_CUDA_ARCH_LIST_CACHE}")
    set(source "the TORCH_CUDA_ARCH_LIST cache variable")
    set(dialect TORCH)
  elseif(from_env AND DEFINED CACHE{_CUDAARCH_TORCH_CUDA_ARCH_LIST})
    # The TORCH_CUDA_ARCH_LIST that initialized this build tree, kept as CMake keeps CUDAARCHS.
    set(request "$CACHE{_CUDAARCH_TORCH_CUDA_ARCH_LIST}")
    set(source "the TORCH_CUDA_ARCH_LIST environment variable")
    set(dialect TORCH)
  elseif(from_env AND first AND NOT "${${inputs}_TORCH_CUDA_ARCH_LIST_ENV}" STREQUAL "")
    set(request "${${inputs}_TORCH_CUDA_ARCH_LIST_ENV}")
    set(source "the TORCH_CUDA_ARCH_LIST environment variable")
    set(dialect TORCH)
    # Kept in an entry of CudaArch's own, not as the TORCH_CUDA_ARCH_LIST cache variable: that
    # one is the user's -D, which a later configure may still give to change the tree. A value
    # with a line break is refused (_cudaarch_pick_request): the cache would keep its first line.
    if(NOT request MATCHES "\n")
      set(_CUDAARCH_TORCH_CUDA_ARCH_LIST "${request}" CACHE INTERNAL
          "The TORCH_CUDA_ARCH_LIST environment variable that initialized this build tree (CudaArch)")
    endif()
  elseif(NOT "${${inputs}_FLEET}" STREQUAL "")
    set(fleet_list "${${inputs}_FLEET}")
    set(source "the project's FLEET")
  elseif(NOT "${${inputs}_USER_FLEET_OBJECTIVE}" STREQUAL "")
    message(FATAL_ERROR "${command}: CUDAARCH_FLEET_OBJECTIVE is set but no fleet is named: "
                        "set CUDAARCH_FLEET to its GPUs (the cudaarch-fleet preset reads the environment variable CUDAARCH_FLEET)")
  elseif(NOT "${${inputs}_DEFAULT}" STREQUAL "")
    set(request "${${inputs}_DEFAULT}")
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

# CMake's rule for CUDAARCHS, which CudaArch also follows for TORCH_CUDA_ARCH_LIST (FROM_ENV):
# the environment variable <variable> initializes a build tree, and on a later configure one
# that differs from what the tree keeps changes nothing. Reports such a <variable> (its value
# <env>, as _cudaarch_request_inputs read it) in one line, with what the tree keeps (the
# request <kept>) and how to change it (a fresh build tree, or -D<option>); one that names
# what the tree keeps is nothing to report.
function(_cudaarch_report_env_kept variable env option kept)
  if(env STREQUAL "" OR kept STREQUAL env)
    return()
  endif()
  _cudaarch_escape(shown_env "${env}")
  _cudaarch_escape(shown_kept "${kept}")
  set(note "")
  if(option STREQUAL "CMAKE_CUDA_ARCHITECTURES")  # a/f: not every release takes the fix
    _cudaarch_cmake_release_note(note "${env}" "${shown_env}")
  endif()
  _cudaarch_report("${variable}='${shown_env}' not applied: it only initializes a new build tree (CMake's rule for \
CUDAARCHS); this one keeps '${shown_kept}': configure a fresh build tree, or pass -D${option}=${shown_env} to change this one${note}")
endfunction()

# The request of <command> (cudaarch_set_architectures), from the first place that names it,
# as the fields of <inputs> (_cudaarch_request_inputs) hold them: the user's explicit request,
# the -gencode flags find_package(Torch) leaves, the user's CUDAARCH_FLEET, else
# _cudaarch_implicit_request (FROM_ENV, the project's FLEET and DEFAULT; OBJECTIVE and
# FLEET_PTX are checked against them). Checks it is one line and reports it. Sets
# <request_var> (a fleet's GPUs for one), <source_var>, <dialect_var>, <fleet_var> (the fleet
# or empty) and <flags_var>: "kept" where the architecture flags of CMAKE_CUDA_FLAGS are the
# request and stay there (PyTorch's OFF), "taken" where FROM_FLAGS takes them out, the
# variable's value without them in <flags_left_var>; empty where they are not the request.
function(_cudaarch_pick_request request_var source_var dialect_var fleet_var flags_var flags_left_var command
         inputs)
  set(from_env "${${inputs}_FROM_ENV}")
  set(take_flags "${${inputs}_FROM_FLAGS}")
  _cudaarch_architectures_origin(origin first ${inputs})
  _cudaarch_record_origin(${origin})
  _cudaarch_explicit_request(request source dialect ${command} ${inputs} ${origin})
  # find_package(Torch): CMAKE_CUDA_ARCHITECTURES OFF, and its -gencode flags in
  # CMAKE_CUDA_FLAGS, which nvcc gets whatever is set here: they are the request, and
  # nothing is added to them, unless FROM_FLAGS takes them out.
  set(flags "")
  set(flags_left "${${inputs}_FLAGS_LEFT}")
  if(NOT "${${inputs}_FLAGS_REQUEST}" STREQUAL ""
     AND ("${${inputs}_CMAKE_CUDA_ARCHITECTURES}" MATCHES "^(OFF|FALSE|NO|0)$" OR take_flags)
     AND (source STREQUAL "" OR (dialect STREQUAL "CMAKE" AND request MATCHES "^(OFF|FALSE|NO|0)$")))
    set(request "${${inputs}_FLAGS_REQUEST}")
    set(source "${${inputs}_FLAGS_SOURCE}")
    set(dialect "")
    set(flags kept)
    if(take_flags)
      set(flags taken)
    endif()
  endif()
  set(from_flags FALSE)
  if(flags)
    set(from_flags TRUE)
  endif()
  _cudaarch_fleet_arguments(fleet source ${command} ${inputs} "${source}" "${request}")
  if(source STREQUAL "")
    _cudaarch_implicit_request(request source dialect fleet ${command} ${inputs} ${origin} ${first})
  endif()
  if(NOT first)
    set(kept "${request}")
    if(fleet)
      set(kept "${fleet}")
    endif()
    _cudaarch_report_env_kept(CUDAARCHS "${${inputs}_CUDAARCHS}" CMAKE_CUDA_ARCHITECTURES "${kept}")
    if(from_env)
      _cudaarch_report_env_kept(TORCH_CUDA_ARCH_LIST "${${inputs}_TORCH_CUDA_ARCH_LIST_ENV}" TORCH_CUDA_ARCH_LIST
        "${kept}")
    endif()
  endif()
  # (PyTorch's own CMake has read it when its flags are the request.)
  if(NOT from_env AND NOT from_flags AND NOT "${${inputs}_TORCH_CUDA_ARCH_LIST_CACHE}" STREQUAL "")
    message(WARNING "${command}: TORCH_CUDA_ARCH_LIST='${${inputs}_TORCH_CUDA_ARCH_LIST_CACHE}' is not read: "
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
  set(${flags_var} "${flags}" PARENT_SCOPE)
  set(${flags_left_var} "${flags_left}" PARENT_SCOPE)
endfunction()

# For <command> (cudaarch_set_architectures): what the directory builds once the request is
# resolved to <list> (<model> its parsed form) against <compiler> (empty: the default nvcc),
# reported with each GPU's verdict (<hooks>, the detection's test hooks): OFF where <flags> is
# "kept" (CMAKE_CUDA_FLAGS builds it), else _cudaarch_apply_directory_settings for
# <variable>, with <cores> logical cores (empty: this machine's). Architecture flags that every
# CUDA compile gets beside it (_cudaarch_architecture_flag_places; CMAKE_CUDA_FLAGS left out
# where <flags> says it is the request) are warned about, and the report's GPUs and forward
# compatibility are those of what the files hold. Sets <value_var> to what
# CMAKE_CUDA_ARCHITECTURES gets.
function(_cudaarch_directory_value value_var command list model variable compiler flags hooks cores)
  set(nvcc "${compiler}")
  if(NOT nvcc)
    _cudaarch_default_compiler(nvcc)
  endif()
  _cudaarch_toolkit(toolkit "${nvcc}")
  if(flags STREQUAL "kept")
    _cudaarch_report("CUDA architectures: ${list} (nvcc ${toolkit_VERSION}, ${nvcc}), built by the flags \
in CMAKE_CUDA_FLAGS; CudaArch adds none")
    set(value OFF)
  else()
    _cudaarch_report("CUDA architectures: ${list} (nvcc ${toolkit_VERSION}, ${nvcc})")
    _cudaarch_apply_directory_settings(value ${command} "${list}" "${model}" "${variable}" "${toolkit_VERSION}" "${cores}")
  endif()
  set(skip FALSE)
  if(flags)
    set(skip TRUE)
  endif()
  _cudaarch_architecture_flag_places(places ${skip})
  _cudaarch_flags_beside(held said ${command} "${places}" "${list}" "the list ${list}")
  if(places)
    _cudaarch_report("CUDA files hold ${held}: the list and ${said}")
  endif()
  _cudaarch_report_gpus("${held}" "${value}" "${toolkit_VERSION}" ${command} "${hooks}")
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
  _cudaarch_request_inputs(in)
  if(in_CMAKE_CUDA_ARCHITECTURES_DEFINED)
    set(value "${in_CMAKE_CUDA_ARCHITECTURES}")
    set(source "CMAKE_CUDA_ARCHITECTURES")
  elseif(NOT in_CUDAARCHS STREQUAL "")
    set(value "${in_CUDAARCHS}")
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

# For <command> (cudaarch_set_architectures) with no <compiler> named: whether there is no nvcc
# to validate against at all, where an optional-CUDA project may go on without one (<required>
# FALSE and the CUDA language not enabled, which would need one). Then the one report line
# says so, with the <request> from <source> left unresolved, and check_language(CUDA) decides;
# else <absent_var> is FALSE and the resolution's own error stands where none is found. A
# request of OFF needs no nvcc.
function(_cudaarch_optional_without_nvcc absent_var command compiler required request source)
  set(${absent_var} FALSE PARENT_SCOPE)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT compiler STREQUAL "" OR required OR "CUDA" IN_LIST languages OR request MATCHES "^(OFF|FALSE|NO|0)$")
    return()
  endif()
  _cudaarch_default_compiler(nvcc)
  if(NOT nvcc STREQUAL "")
    return()
  endif()
  _cudaarch_escape(shown "${request}")
  _cudaarch_report("no nvcc found (CMAKE_CUDA_COMPILER, CUDACXX, PATH, CUDA_PATH): '${shown}' from ${source} \
not validated, CMAKE_CUDA_ARCHITECTURES left unset; check_language(CUDA) decides (REQUIRED makes this an error)")
  set(${absent_var} TRUE PARENT_SCOPE)
endfunction()

# For <command> (cudaarch_set_architectures), which sets <variable> to <value> in its caller
# and the variable <probe_var> names to TRUE there: when the calling directory ends (CMake
# 3.19+), stops the configure where neither reached the directory's scope, as when the call was
# made inside a function(): the report and CUDAARCH_BUILT_FOR would name architectures its
# targets are not built for.
function(_cudaarch_check_scope_later probe_var command variable value)
  get_property(calls GLOBAL PROPERTY _CUDAARCH_SET_CALLS)
  if(NOT calls)
    set(calls 0)
  endif()
  math(EXPR calls "${calls} + 1")
  set_property(GLOBAL PROPERTY _CUDAARCH_SET_CALLS ${calls})
  set(probe _CUDAARCH_SCOPE_PROBE_${calls})
  set(${probe_var} ${probe} PARENT_SCOPE)
  if(CMAKE_VERSION VERSION_LESS 3.19 OR CMAKE_SCRIPT_MODE_FILE)
    return()  # no DEFER, or a script: no directory to end
  endif()
  cmake_language(EVAL CODE "cmake_language(DEFER CALL _cudaarch_check_scope [==[${command}]==] \
[==[${probe}]==] [==[${variable}]==] [==[${value}]==] [==[${CMAKE_CURRENT_SOURCE_DIR}]==])")
endfunction()

# The deferred half of _cudaarch_check_scope_later, in the directory's scope (<dir>).
function(_cudaarch_check_scope command probe variable value dir)
  if(DEFINED ${probe} OR "${${variable}}" STREQUAL "${value}")
    return()
  endif()
  message(FATAL_ERROR "${command} was called inside a function(): its result ${variable}='${value}' never "
                      "reached the scope of ${dir}, whose CUDA targets get '${${variable}}' instead "
                      "(empty: CMake's default). Call it at directory scope (in the CMakeLists.txt, an include()d "
                      "file or a macro()), or pass the result on in the function: "
                      "set(${variable} \"\${${variable}}\" PARENT_SCOPE).")
endfunction()

# Before project() has read the toolchain file: keeps the arguments <call> of a
# cudaarch_set_architectures call for <callback>, which variable_watch runs once CMake sets
# CMAKE_SYSTEM_LOADED right after reading the file, and watches what the file sets
# CMAKE_CUDA_ARCHITECTURES to (_cudaarch_watch_toolchain).
function(_cudaarch_wait_for_toolchain callback call)
  _cudaarch_watch_toolchain()
  get_property(count GLOBAL PROPERTY _CUDAARCH_PENDING_CALLS)
  if(NOT count)
    set(count 0)
    variable_watch(CMAKE_SYSTEM_LOADED ${callback})
  endif()
  set_property(GLOBAL PROPERTY _CUDAARCH_PENDING_CALL_${count} "${call}")
  math(EXPR count "${count} + 1")
  set_property(GLOBAL PROPERTY _CUDAARCH_PENDING_CALLS ${count})
  _cudaarch_report("waiting for project() to read the toolchain file ${CMAKE_TOOLCHAIN_FILE}")
endfunction()
