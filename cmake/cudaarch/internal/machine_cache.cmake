# SPDX-License-Identifier: Apache-2.0
# Internal: the per-user machine-wide cache folder, which keeps what every fresh build tree
# would otherwise work out again: the detected GPUs (detect_cache.cmake), what an nvcc
# builds (toolkit.cmake) and the parsed architecture database (database.cmake). Its files
# hold data only, never CMake code, and each names the key it answers, so a file written
# for another key is never taken for this one.
include_guard(GLOBAL)

# The folder, or empty when the cache is off: CUDAARCH_DETECT_CACHE_DIR (a CMake variable,
# else the environment variable; OFF turns the cache off), else $XDG_CACHE_HOME/cudaarch,
# ~/.cache/cudaarch, or %LOCALAPPDATA%/cudaarch.
function(_cudaarch_machine_cache_dir out_var)
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

# Makes <dir> unless it exists; <ok_var> FALSE when it cannot be made (file(MAKE_DIRECTORY)
# would stop the configure instead).
function(_cudaarch_machine_cache_make_dir ok_var dir)
  set(ok TRUE)
  if(NOT IS_DIRECTORY "${dir}")
    execute_process(COMMAND "${CMAKE_COMMAND}" -E make_directory "${dir}" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
    if(NOT rc EQUAL 0 OR NOT IS_DIRECTORY "${dir}")
      set(ok FALSE)
    endif()
  endif()
  set(${ok_var} ${ok} PARENT_SCOPE)
endfunction()

# Writes <content> to <file> through a temporary file and a rename, so that a reader never
# sees half a file.
function(_cudaarch_machine_cache_write file content)
  string(RANDOM LENGTH 12 ALPHABET 0123456789abcdef tag)
  set(temporary "${file}.${tag}.tmp")
  file(WRITE "${temporary}" "${content}")
  file(RENAME "${temporary}" "${file}")
endfunction()

# _cudaarch_machine_cache_write under a lock of its own; nothing happens when the folder
# cannot be made or written (the lock file cannot be made: file(LOCK) reports that where
# file(WRITE) would stop the configure).
function(_cudaarch_machine_cache_store file content)
  get_filename_component(dir "${file}" DIRECTORY)
  _cudaarch_machine_cache_make_dir(usable "${dir}")
  if(NOT usable)
    return()
  endif()
  file(LOCK "${file}.lock" GUARD FUNCTION TIMEOUT 10 RESULT_VARIABLE locked)
  if(locked EQUAL 0)
    _cudaarch_machine_cache_write("${file}" "${content}")
  endif()
endfunction()

# A file's identity without reading or running it: its real path, size and time stamp
# (an nvcc or driver update replaces the file).
function(_cudaarch_file_identity out_var path)
  get_filename_component(real "${path}" REALPATH)
  file(SIZE "${real}" size)
  file(TIMESTAMP "${real}" stamp "%Y%m%dT%H%M%S" UTC)
  set(${out_var} "${real} ${size} ${stamp}" PARENT_SCOPE)
endfunction()
