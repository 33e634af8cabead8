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
include("${CMAKE_CURRENT_LIST_DIR}/machine_cache.cmake")

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

# Writes the answer to <file> (the caller holds its lock).
function(_cudaarch_detect_cache_write file hash capabilities devices reason source note)
  set(content "cudaarch-detect v1\nfingerprint=${hash}\n")
  foreach(field IN ITEMS capabilities devices reason source note)
    string(REPLACE "\n" " " value "${${field}}")
    string(APPEND content "${field}=${value}\n")
  endforeach()
  _cudaarch_machine_cache_write("${file}" "${content}")
endfunction()

# Detection through the machine cache: its answer for <key> when it has one (and <refresh>
# is false), else _cudaarch_detect_run's, stored when definite. Sets the five answer
# variables and <origin_var> (the cache file the answer came from, or empty). A lock per
# fingerprint makes parallel configures of a cold machine wait for one probe.
function(_cudaarch_detect_machine capabilities_var devices_var reason_var source_var note_var origin_var key refresh
         timeout)
  set(file "")
  _cudaarch_machine_cache_dir(dir)
  if(dir)
    _cudaarch_machine_cache_make_dir(usable "${dir}")
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
