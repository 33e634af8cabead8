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

# The cache file's name for <key> (the build tree's detection key), and the fingerprint's
# SHA-256 that the file must hold. The driver's per-GPU files are read as what they are:
# small regular files (which /proc reports as 0 bytes long), read to a bound; a link or a
# folder there is not read (file(READ LIMIT) reads a whole line first, and /dev/zero has none).
function(_cudaarch_detect_cache_name out_name out_hash key proc)
  set(fingerprint "cudaarch-detect v2|${key}")
  file(GLOB gpus "${proc}/driver/nvidia/gpus/*/information")
  list(SORT gpus)
  foreach(gpu IN LISTS gpus)
    set(information "(not a regular file)")
    if(NOT IS_SYMLINK "${gpu}" AND NOT IS_DIRECTORY "${gpu}")
      file(READ "${gpu}" information LIMIT 4096)
    endif()
    string(APPEND fingerprint "|${gpu}|${information}")
  endforeach()
  string(SHA256 hash "${fingerprint}")
  string(SUBSTRING "${hash}" 0 16 name)
  set(${out_name} "detect-${name}.txt" PARENT_SCOPE)
  set(${out_hash} "${hash}" PARENT_SCOPE)
endfunction()

# Reads <file>: sets <prefix>_capabilities, _devices, _reason, _source and _note, and
# <found_var> TRUE only when the file is sealed (and at most 64 KiB: a few hundred bytes per
# GPU, for far more GPUs than one machine has), holds <hash> and every field is well formed:
# capabilities as CMake numbers, device records of seven fields, a known source, and either
# GPUs with their records or the reason there are none (a file of header lines only is no
# answer).
function(_cudaarch_detect_cache_read found_var prefix file hash)
  set(${found_var} FALSE PARENT_SCOPE)
  _cudaarch_machine_cache_read(content "${file}" 65536)
  if(NOT content MATCHES "^cudaarch-detect v2\nfingerprint=${hash}\n")
    return()
  endif()
  set(valid TRUE)
  foreach(field IN ITEMS capabilities devices reason source note)
    set(${field} "")
    if(content MATCHES "\n${field}=([^\n]*)\n")
      set(${field} "${CMAKE_MATCH_1}")
    else()
      set(valid FALSE)
    endif()
  endforeach()
  if(NOT capabilities MATCHES "^([0-9]+[af]?(;[0-9]+[af]?)*)?$"
     OR NOT source MATCHES "^(the probe|nvidia-smi|__nvcc_device_query)?$")
    set(valid FALSE)
  endif()
  foreach(device IN LISTS devices)
    if(NOT device MATCHES "^[^|]*(\\|[^|]*)(\\|[^|]*)(\\|[^|]*)(\\|[^|]*)(\\|[^|]*)(\\|[^|]*)$")
      set(valid FALSE)
    endif()
  endforeach()
  if(capabilities STREQUAL "")
    if(NOT devices STREQUAL "" OR reason STREQUAL "")
      set(valid FALSE)
    endif()
  elseif(devices STREQUAL "" OR source STREQUAL "")
    set(valid FALSE)
  endif()
  if(NOT valid)
    _cudaarch_machine_cache_log("machine-wide cache file ${file} ignored: a field is missing or malformed")
    return()
  endif()
  foreach(field IN ITEMS capabilities devices reason source note)
    set(${prefix}_${field} "${${field}}" PARENT_SCOPE)
  endforeach()
  set(${found_var} TRUE PARENT_SCOPE)
endfunction()

# Writes the answer to <file> (the caller holds its lock).
function(_cudaarch_detect_cache_write file hash capabilities devices reason source note)
  set(content "cudaarch-detect v2\nfingerprint=${hash}\n")
  foreach(field IN ITEMS capabilities devices reason source note)
    string(REPLACE "\n" " " value "${${field}}")
    string(APPEND content "${field}=${value}\n")
  endforeach()
  _cudaarch_machine_cache_write("${file}" "${content}")
endfunction()

# Detection through the machine cache: its answer for <key> when it has one (and <refresh>
# is false), else _cudaarch_detect_run's, stored when definite. Sets the five answer
# variables and <origin_var> (the cache file the answer came from, or empty). A lock per
# fingerprint makes parallel configures of a cold machine wait for one probe; a file or
# lock that is not trusted (machine_cache.cmake) means detecting without the cache.
function(_cudaarch_detect_machine capabilities_var devices_var reason_var source_var note_var origin_var key refresh
         timeout command hooks)
  _cudaarch_detect_hook_values(probe proc "${hooks}")
  _cudaarch_detect_cache_name(name hash "${key}" "${proc}")
  _cudaarch_machine_cache_open(cache "${name}" 65536)
  set(file "")
  if(cache_lockable)
    file(LOCK "${cache_file}.lock" GUARD FUNCTION TIMEOUT 300 RESULT_VARIABLE locked)
    if(locked EQUAL 0)
      set(file "${cache_file}")
      # Looked at again under the lock: another configure may have written it meanwhile.
      _cudaarch_machine_cache_open(cache "${name}" 65536)
    else()  # held for five minutes: detect without the cache
      set(cache_usable FALSE)
      _cudaarch_machine_cache_log("machine-wide cache file ${cache_file} not used: its lock cannot be taken (${locked})")
    endif()
  endif()
  set(found FALSE)
  if(cache_usable AND NOT refresh)  # a read-only folder is read, never written
    _cudaarch_detect_cache_read(found cached "${cache_file}" "${hash}")
  endif()
  if(found)
    foreach(field IN ITEMS capabilities devices reason source note)
      set(${${field}_var} "${cached_${field}}" PARENT_SCOPE)
    endforeach()
    set(${origin_var} "${cache_file}" PARENT_SCOPE)
    return()
  endif()
  _cudaarch_detect_run(capabilities devices reason source note definite "${timeout}" ${command} "${hooks}")
  if(file AND definite)
    _cudaarch_detect_cache_write("${file}" "${hash}" "${capabilities}" "${devices}" "${reason}" "${source}" "${note}")
  endif()
  foreach(field IN ITEMS capabilities devices reason source note)
    set(${${field}_var} "${${field}}" PARENT_SCOPE)
  endforeach()
  set(${origin_var} "" PARENT_SCOPE)
endfunction()
