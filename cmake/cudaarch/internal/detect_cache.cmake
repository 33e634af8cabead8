# SPDX-License-Identifier: Apache-2.0
# Internal: the machine-wide detection cache, one small file per fingerprint in a per-user
# folder, so that a fresh build tree on a known machine runs no probe.
# See the doc block of cmake/cudaarch/cudaarch_detect.cmake.
#
# The fingerprint is read without starting CUDA or any process: the detection key of the
# build tree (nvcc identity, host compiler, CMAKE_CUDA_FLAGS, driver module version and
# libcuda.so.1, CUDA_VISIBLE_DEVICES), plus the driver's per-GPU information files. A file
# is trusted only when the SHA-256 of the fingerprint stored in it equals the current one.
# Included by detect.cmake, whose _cudaarch_detect_run it calls.
include_guard(GLOBAL)

# The folder, or empty when the cache is off: CUDAARCH_DETECT_CACHE_DIR (a CMake variable,
# else the environment variable; OFF turns the cache off), else $XDG_CACHE_HOME/cudaarch,
# ~/.cache/cudaarch, or %LOCALAPPDATA%/cudaarch.
function(_cudaarch_detect_cache_dir out_var)
  if(DEFINED CUDAARCH_DETECT_CACHE_DIR)
    set(dir "${CUDAARCH_DETECT_CACHE_DIR}")
  elseif(DEFINED ENV{CUDAARCH_DETECT_CACHE_DIR})
    set(dir "$ENV{CUDAARCH_DETECT_CACHE_DIR}")
  elseif(NOT "$ENV{XDG_CACHE_HOME}" STREQUAL "")
    set(dir "$ENV{XDG_CACHE_HOME}/cudaarch")
  elseif(NOT "$ENV{HOME}" STREQUAL "")
    set(dir "$ENV{HOME}/.cache/cudaarch")
  elseif(NOT "$ENV{LOCALAPPDATA}" STREQUAL "")
    set(dir "$ENV{LOCALAPPDATA}/cudaarch")
  else()
    set(dir "")
  endif()
  if(NOT dir)  # OFF, NO, FALSE, 0, empty
    set(dir "")
  endif()
  set(${out_var} "${dir}" PARENT_SCOPE)
endfunction()

# The cache file for <key> (the build tree's detection key) in <dir>, and the fingerprint's
# SHA-256 that the file must hold.
function(_cudaarch_detect_cache_file out_file out_hash dir key)
  _cudaarch_detect_proc_root(proc)
  set(fingerprint "cudaarch-detect v1|${key}")
  file(GLOB gpus "${proc}/driver/nvidia/gpus/*/information")
  list(SORT gpus)
  foreach(gpu IN LISTS gpus)
    file(READ "${gpu}" information)
    string(APPEND fingerprint "|${gpu}|${information}")
  endforeach()
  string(SHA256 hash "${fingerprint}")
  string(SUBSTRING "${hash}" 0 16 name)
  set(${out_file} "${dir}/detect-${name}.txt" PARENT_SCOPE)
  set(${out_hash} "${hash}" PARENT_SCOPE)
endfunction()

# Reads <file>: sets <prefix>_capabilities, _devices, _reason, _source and _note, and
# <found_var> TRUE only when the file exists and holds <hash>.
function(_cudaarch_detect_cache_read found_var prefix file hash)
  set(${found_var} FALSE PARENT_SCOPE)
  if(NOT EXISTS "${file}")
    return()
  endif()
  file(READ "${file}" content)
  if(NOT content MATCHES "^cudaarch-detect v1\nfingerprint=${hash}\n")
    return()
  endif()
  foreach(field IN ITEMS capabilities devices reason source note)
    string(REGEX MATCH "\n${field}=([^\n]*)" ignored "${content}")
    set(${prefix}_${field} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  endforeach()
  set(${found_var} TRUE PARENT_SCOPE)
endfunction()

# Writes the answer to <file> through a temporary file and a rename, so that a reader never
# sees half a file; nothing happens when the folder cannot be made.
function(_cudaarch_detect_cache_write file hash capabilities devices reason source note)
  get_filename_component(dir "${file}" DIRECTORY)
  string(RANDOM LENGTH 12 ALPHABET 0123456789abcdef tag)
  set(temporary "${file}.${tag}.tmp")
  set(content "cudaarch-detect v1\nfingerprint=${hash}\n")
  foreach(field IN ITEMS capabilities devices reason source note)
    string(REPLACE "\n" " " value "${${field}}")
    string(APPEND content "${field}=${value}\n")
  endforeach()
  file(WRITE "${temporary}" "${content}")
  file(RENAME "${temporary}" "${file}")
endfunction()

# Makes <dir> unless it exists; <ok_var> FALSE when it cannot be made (file(MAKE_DIRECTORY)
# would stop the configure instead).
function(_cudaarch_detect_cache_make_dir ok_var dir)
  set(ok TRUE)
  if(NOT IS_DIRECTORY "${dir}")
    execute_process(COMMAND "${CMAKE_COMMAND}" -E make_directory "${dir}" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
    if(NOT rc EQUAL 0 OR NOT IS_DIRECTORY "${dir}")
      set(ok FALSE)
    endif()
  endif()
  set(${ok_var} ${ok} PARENT_SCOPE)
endfunction()

# Detection through the machine cache: its answer for <key> when it has one (and <refresh>
# is false), else _cudaarch_detect_run's, stored when definite. Sets the five answer
# variables and <origin_var> (the cache file the answer came from, or empty). A lock per
# fingerprint makes parallel configures of a cold machine wait for one probe.
function(_cudaarch_detect_machine capabilities_var devices_var reason_var source_var note_var origin_var key refresh
         timeout)
  set(file "")
  _cudaarch_detect_cache_dir(dir)
  if(dir)
    _cudaarch_detect_cache_make_dir(usable "${dir}")
    if(usable)
      _cudaarch_detect_cache_file(file hash "${dir}" "${key}")
      file(LOCK "${file}.lock" GUARD FUNCTION TIMEOUT 300 RESULT_VARIABLE locked)
      if(NOT locked EQUAL 0)
        set(file "")  # unusable (or held for five minutes): detect without the cache
      endif()
    endif()
  endif()
  set(found FALSE)
  if(file AND NOT refresh)
    _cudaarch_detect_cache_read(found cached "${file}" "${hash}")
  endif()
  if(found)
    foreach(field IN ITEMS capabilities devices reason source note)
      set(${${field}_var} "${cached_${field}}" PARENT_SCOPE)
    endforeach()
    set(${origin_var} "${file}" PARENT_SCOPE)
    return()
  endif()
  _cudaarch_detect_run(capabilities devices reason source note definite "${timeout}")
  if(file AND definite)
    _cudaarch_detect_cache_write("${file}" "${hash}" "${capabilities}" "${devices}" "${reason}" "${source}" "${note}")
  endif()
  foreach(field IN ITEMS capabilities devices reason source note)
    set(${${field}_var} "${${field}}" PARENT_SCOPE)
  endforeach()
  set(${origin_var} "" PARENT_SCOPE)
endfunction()
