# SPDX-License-Identifier: Apache-2.0
# Internal: what an nvcc can build, asked of nvcc itself and cached per compiler.
#
# _cudaarch_toolkit(<prefix> <compiler>) sets in the caller's scope:
#   <prefix>_PATH     the compiler (<compiler>, or when empty _cudaarch_default_compiler's)
#   <prefix>_VERSION  its CUDA release, e.g. 13.0
#   <prefix>_REAL     the sm_ targets (CMake numbers, a/f variants included), sorted
#   <prefix>_VIRTUAL  the compute_ targets, sorted
#   <prefix>_SOURCE   "nvcc" or "database" (an nvcc without --list-gpu-*)
#   <prefix>_ERROR    empty, or why the compiler could not be found or asked
# The answer is cached (CACHE INTERNAL) under a key of the compiler's path and, without
# starting a process, its version: CMAKE_CUDA_COMPILER_VERSION for the project's own
# compiler, else the compiler file's time stamp; and the identity of the compiler file and
# its neighbours (_cudaarch_toolkit_identity).
#
# What an nvcc builds is also kept in the machine-wide cache (machine_cache.cmake), keyed by
# the identity (real path, size, time stamp) of the compiler file and of its neighbours
# (_cudaarch_toolkit_identity), so that a fresh build tree starts no nvcc to ask it again.
#
# The toolkit record: each configure (or script) looks a compiler up once and keeps the
# answer, fields as _cudaarch_toolkit_record makes them, in the global property
# _CUDAARCH_TOOLKIT_<hash of the request and what the default compiler depends on>.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/database.cmake")

# A program on PATH only (no CMake or system default paths), and not cached, so a changed
# PATH is seen at once. Empty when there is none.
function(_cudaarch_find_on_path out_var name)
  unset(_CUDAARCH_FOUND_PROGRAM CACHE)
  find_program(_CUDAARCH_FOUND_PROGRAM NAMES ${name}
    NO_CMAKE_PATH NO_CMAKE_ENVIRONMENT_PATH NO_CMAKE_SYSTEM_PATH NO_PACKAGE_ROOT_PATH)
  set(found "${_CUDAARCH_FOUND_PROGRAM}")
  unset(_CUDAARCH_FOUND_PROGRAM CACHE)
  if(NOT found)
    set(found "")
  endif()
  set(${out_var} "${found}" PARENT_SCOPE)
endfunction()

# The compiler a function uses when the caller names none, found by the rules of the data
# file (nvcc|...: CMake's own CUDA compiler search, so that before project() it is the nvcc
# project() will compile with, and after it CMAKE_CUDA_COMPILER). A compiler that is named
# decides even when missing, which _cudaarch_toolkit then reports; a fallback folder without
# nvcc is skipped. Empty when no rule finds one.
function(_cudaarch_default_compiler out_var)
  _cudaarch_load_database()
  get_property(rules GLOBAL PROPERTY _CUDAARCH_NVCC_RULES)
  foreach(rule IN LISTS rules)
    string(REGEX MATCH "^([^|]*)\\|(.*)$" ignored "${rule}")
    set(source "${CMAKE_MATCH_1}")
    set(how "${CMAKE_MATCH_2}")
    set(value "")
    if(how STREQUAL "search")
      _cudaarch_find_on_path(value nvcc)
    elseif(source STREQUAL "CMAKE_CUDA_COMPILER")
      if(CMAKE_CUDA_COMPILER AND (NOT CMAKE_CUDA_COMPILER_ID OR CMAKE_CUDA_COMPILER_ID STREQUAL "NVIDIA"))
        set(value "${CMAKE_CUDA_COMPILER}")
      endif()
    elseif(NOT "$ENV{${source}}" STREQUAL "")  # CMake reads CUDACXX and CUDA_PATH from the environment only
      set(value "$ENV{${source}}")
    endif()
    if(value STREQUAL "")
      continue()
    elseif(how STREQUAL "fallback")
      if(NOT EXISTS "${value}/bin/nvcc${CMAKE_EXECUTABLE_SUFFIX}")
        continue()  # CMake's last resort finds no compiler there
      endif()
      set(value "${value}/bin/nvcc${CMAKE_EXECUTABLE_SUFFIX}")
    elseif(how STREQUAL "compiler" AND NOT value MATCHES "/")
      _cudaarch_find_on_path(found "${value}")  # CUDACXX=nvcc names one on PATH
      if(found)
        set(value "${found}")
      endif()
    endif()
    set(${out_var} "${value}" PARENT_SCOPE)
    return()
  endforeach()
  set(${out_var} "" PARENT_SCOPE)
endfunction()

# The sm_/compute_ names of the database's release ranges, for an nvcc without --list-gpu-*.
function(_cudaarch_toolkit_from_database out_var version)
  _cudaarch_load_database()
  get_property(ccs GLOBAL PROPERTY _CUDAARCH_CCS)
  set(numbers "")
  foreach(nn IN LISTS ccs)
    _cudaarch_cc_fields(cc ${nn})
    if(version VERSION_LESS cc_first OR (cc_last AND version VERSION_GREATER cc_last)
       OR (cc_renamed_in AND NOT version VERSION_LESS cc_renamed_in))
      continue()
    endif()
    list(APPEND numbers ${nn})
    foreach(suffix IN ITEMS a f)
      if(cc_${suffix} AND NOT version VERSION_LESS cc_${suffix})
        list(APPEND numbers ${nn}${suffix})
      endif()
    endforeach()
  endforeach()
  set(${out_var} "${numbers}" PARENT_SCOPE)
endfunction()

# Runs `<compiler> <option>`; output in <out_var>, empty when it fails.
function(_cudaarch_ask_nvcc out_var compiler option)
  execute_process(COMMAND "${compiler}" ${option}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    set(out "")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

function(_cudaarch_toolkit_query compiler version_var real_var virtual_var source_var error_var)
  set(${error_var} "" PARENT_SCOPE)
  _cudaarch_ask_nvcc(version_text "${compiler}" --version)
  if(NOT version_text MATCHES "release ([0-9]+\\.[0-9]+)")
    set(${error_var} "cannot ask ${compiler} for its version ('${compiler} --version' failed or printed no 'release X.Y')" PARENT_SCOPE)
    return()
  endif()
  set(version "${CMAKE_MATCH_1}")
  _cudaarch_ask_nvcc(code "${compiler}" --list-gpu-code)
  string(REGEX MATCHALL "sm_[0-9]+" real "${code}")
  if(real)
    _cudaarch_ask_nvcc(arch "${compiler}" --list-gpu-arch)
    string(REGEX MATCHALL "compute_[0-9]+" virtual "${arch}")
    # --list-gpu-* leave out the a/f variants; --help lists them among --gpu-code's values.
    _cudaarch_ask_nvcc(help "${compiler}" --help)
    string(FIND "\n${help}" "\n--gpu-code" start)
    if(start GREATER -1)
      string(SUBSTRING "${help}" ${start} -1 help)
      string(FIND "${help}" "\n--" end)
      string(SUBSTRING "${help}" 0 ${end} help)
      string(REGEX MATCHALL "'(sm|compute)_[0-9]+[af]'" variants "${help}")
      foreach(variant IN LISTS variants)
        string(REGEX REPLACE "'(sm|compute)_([0-9]+[af])'" "\\1;\\2" parts "${variant}")
        list(GET parts 0 kind)
        list(GET parts 1 number)
        if(kind STREQUAL "sm")
          list(APPEND real "sm_${number}")
        else()
          list(APPEND virtual "compute_${number}")
        endif()
      endforeach()
    endif()
    string(REPLACE "sm_" "" real "${real}")
    string(REPLACE "compute_" "" virtual "${virtual}")
    set(source nvcc)
  else()
    _cudaarch_toolkit_from_database(real "${version}")
    set(virtual "${real}")
    set(source database)
  endif()
  foreach(list_var IN ITEMS real virtual)
    list(REMOVE_DUPLICATES ${list_var})
    list(SORT ${list_var} COMPARE NATURAL)
  endforeach()
  set(${version_var} "${version}" PARENT_SCOPE)
  set(${real_var} "${real}" PARENT_SCOPE)
  set(${virtual_var} "${virtual}" PARENT_SCOPE)
  set(${source_var} "${source}" PARENT_SCOPE)
endfunction()

# The identity of everything that decides what <compiler> builds, without running it: the
# nvcc file and its neighbours (nvcc.profile, which it reads first; ptxas, cicc and the
# toolkit's version.json, which a partial update replaces), each by real path, size and time
# stamp. A change to any of them is another toolkit record key.
function(_cudaarch_toolkit_identity out_var compiler)
  get_filename_component(real "${compiler}" REALPATH)
  get_filename_component(bin "${real}" DIRECTORY)
  set(identity "")
  foreach(path IN ITEMS "${compiler}" "${bin}/nvcc.profile" "${bin}/ptxas${CMAKE_EXECUTABLE_SUFFIX}"
                        "${bin}/../nvvm/bin/cicc${CMAKE_EXECUTABLE_SUFFIX}" "${bin}/../version.json")
    _cudaarch_file_identity(one "${path}")
    string(APPEND identity "${one}|")
  endforeach()
  set(${out_var} "${identity}" PARENT_SCOPE)
endfunction()

# What <compiler> builds, "<version>|<real>|<virtual>|<source>" (lists joined with ',', so
# the value holds one field per '|'), or <error_var> set: from the machine-wide cache when it
# holds a whole, sealed answer for this compiler and its neighbours, else asked of nvcc.
# Only nvcc's own answers are kept there; one derived from the database follows the database.
function(_cudaarch_toolkit_answer out_var error_var compiler)
  set(${error_var} "" PARENT_SCOPE)
  set(cache_file "")
  set(cache_lockable FALSE)
  if(IS_ABSOLUTE "${compiler}")
    _cudaarch_toolkit_identity(identity "${compiler}")
    string(SHA256 hash "cudaarch-toolkit v2|${identity}")
    string(SUBSTRING "${hash}" 0 16 name)
    _cudaarch_machine_cache_open(cache "toolkit-${name}.txt" 4096)
    set(header "cudaarch-toolkit v2\nidentity=${identity}\nrecord=")
    if(cache_usable)
      _cudaarch_machine_cache_read(content "${cache_file}" 4096)
      set(numbers "[0-9]+[af]?(,[0-9]+[af]?)*")
      string(FIND "${content}" "${header}" at)
      if(at EQUAL 0 AND content MATCHES "\nrecord=([0-9]+\\.[0-9]+\\|${numbers}\\|${numbers}\\|nvcc)\n$")
        _cudaarch_machine_cache_log("what ${compiler} builds: from the machine-wide cache file ${cache_file}")
        set(${out_var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
        return()
      elseif(NOT content STREQUAL "")
        _cudaarch_machine_cache_log("machine-wide cache file ${cache_file} ignored: not a whole record for this nvcc")
      endif()
    endif()
  endif()
  _cudaarch_toolkit_query("${compiler}" version real virtual source error)
  if(error)
    set(${error_var} "${error}" PARENT_SCOPE)
    return()
  endif()
  string(REPLACE ";" "," real "${real}")
  string(REPLACE ";" "," virtual "${virtual}")
  set(answer "${version}|${real}|${virtual}|${source}")
  if(source STREQUAL "nvcc")
    _cudaarch_machine_cache_store("${cache_file}" ${cache_lockable} "${header}${answer}\n")
  endif()
  set(${out_var} "${answer}" PARENT_SCOPE)
endfunction()

function(_cudaarch_toolkit prefix compiler)
  string(MD5 request "${compiler}|${CMAKE_CUDA_COMPILER}|${CMAKE_CUDA_COMPILER_ID}|$ENV{PATH}|\
$ENV{CUDACXX}|$ENV{CUDA_PATH}")
  get_property(record GLOBAL PROPERTY _CUDAARCH_TOOLKIT_${request})
  if("${record}" STREQUAL "")
    _cudaarch_toolkit_record(record "${compiler}")
    set_property(GLOBAL PROPERTY _CUDAARCH_TOOLKIT_${request} "${record}")
  endif()
  string(REGEX MATCH "^([^|]*)\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|(.*)$" ignored "${record}")
  set(i 0)
  foreach(field IN ITEMS PATH VERSION REAL VIRTUAL SOURCE ERROR)
    math(EXPR i "${i} + 1")
    string(REPLACE "," ";" value "${CMAKE_MATCH_${i}}")
    set(${prefix}_${field} "${value}" PARENT_SCOPE)
  endforeach()
endfunction()

# The toolkit record of <compiler> (or of the default compiler when empty):
# "<path>|<version>|<real>|<virtual>|<source>|<error>", lists joined with ','. From the
# CMake cache when it holds the answer for this compiler file, else asked of nvcc.
function(_cudaarch_toolkit_record out_var compiler)
  if(NOT compiler)
    _cudaarch_default_compiler(compiler)
  endif()
  set(${out_var} "${compiler}|||||" PARENT_SCOPE)
  if(NOT compiler)
    set(${out_var} "|||||no nvcc found: enable the CUDA language, put nvcc on PATH, or pass COMPILER <nvcc>" PARENT_SCOPE)
    return()
  elseif(compiler MATCHES "/" AND (NOT EXISTS "${compiler}" OR IS_DIRECTORY "${compiler}"))
    set(${out_var} "${compiler}|||||the CUDA compiler '${compiler}' does not exist; name an nvcc that does" PARENT_SCOPE)
    return()
  endif()
  if(compiler STREQUAL CMAKE_CUDA_COMPILER AND CMAKE_CUDA_COMPILER_VERSION)
    set(stamp "${CMAKE_CUDA_COMPILER_VERSION}")
  else()
    file(TIMESTAMP "${compiler}" stamp "%Y%m%dT%H%M%S" UTC)
  endif()
  _cudaarch_toolkit_identity(identity "${compiler}")  # nvcc.profile, ptxas, ... changed: asked again
  string(MD5 key "${compiler}|${stamp}|${identity}")
  set(cached "${_CUDAARCH_TOOLKIT_${key}}")
  if(cached STREQUAL "")
    _cudaarch_toolkit_answer(cached error "${compiler}")
    if(error)
      set(${out_var} "${compiler}|||||${error}" PARENT_SCOPE)
      return()
    endif()
    set(_CUDAARCH_TOOLKIT_${key} "${cached}" CACHE INTERNAL "What ${compiler} builds (CudaArch)")
  endif()
  set(${out_var} "${compiler}|${cached}|" PARENT_SCOPE)
endfunction()
