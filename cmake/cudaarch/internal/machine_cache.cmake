# SPDX-License-Identifier: Apache-2.0
# Internal: the per-user machine-wide cache folder, which keeps what every fresh build tree
# would otherwise work out again: the detected GPUs (detect_cache.cmake), what an nvcc
# builds (toolkit.cmake) and the parsed architecture database (database.cmake). Its files
# hold data only, never CMake code, and each names the key it answers, so a file written
# for another key is never taken for this one.
#
# Trust (docs/reliability.md, "The machine-wide cache"): the folder is used only when it is
# a real folder (not a symbolic link) of the user running CMake that neither group nor
# others can write; a file in it only when it is a regular file of that user, not group- or
# other-writable, not empty, within its size bound, and ends with the SHA-256 line CudaArch
# wrote over the rest. CMake cannot tell a file's owner or mode, so on POSIX hosts one
# `/bin/sh` run per cache file asks `id -u` and `ls -ldn` (both POSIX, unlike GNU `stat -c`
# or BSD `stat -f`), found by `command -p` on the system's own PATH, never the user's; on Windows the folder under %LOCALAPPDATA% is the user's by its ACL and
# only the checks CMake can make (link, folder, size) are made. Nothing is read or locked
# through a link, and a FIFO or device (which `ls` names by its type) is never opened.
# A folder trusted once cannot be changed by anyone but its owner (and root), so what is
# seen in that run holds until the file is read or locked.
#
# Degrade, never fail: a folder that cannot be made, locked or written (another user's, a
# read-only mount, a full disk) means running without the cache; no write can stop the
# configure, and none leaves a temporary or a short file behind.
#
# What happened is logged, one line each, in the global property _CUDAARCH_MACHINE_CACHE_LOG
# (the files used, and why a folder or file was not), which the configure report prints.
include_guard(GLOBAL)

# The folder, or empty when the cache is off or refused (which is logged). CUDAARCH_DETECT_CACHE_DIR (a CMake variable, else the environment
# variable; OFF turns the cache off), else $XDG_CACHE_HOME/cudaarch, ~/.cache/cudaarch, or
# %LOCALAPPDATA%/cudaarch. A relative CUDAARCH_DETECT_CACHE_DIR is taken in the build tree,
# or refused in script mode, which has none (it would land wherever the script happens to
# run); a relative XDG_CACHE_HOME or HOME is refused (the XDG rule).
function(_cudaarch_machine_cache_dir out_var)
  set(channel "")
  if(DEFINED CUDAARCH_DETECT_CACHE_DIR)
    set(dir "${CUDAARCH_DETECT_CACHE_DIR}")
    set(channel "CUDAARCH_DETECT_CACHE_DIR")
  elseif(DEFINED ENV{CUDAARCH_DETECT_CACHE_DIR})
    set(dir "$ENV{CUDAARCH_DETECT_CACHE_DIR}")
    set(channel "the environment variable CUDAARCH_DETECT_CACHE_DIR")
  elseif(NOT "$ENV{XDG_CACHE_HOME}" STREQUAL "")
    set(dir "$ENV{XDG_CACHE_HOME}/cudaarch")
    set(channel "XDG_CACHE_HOME")
  elseif(NOT "$ENV{HOME}" STREQUAL "")
    set(dir "$ENV{HOME}/.cache/cudaarch")
    set(channel "HOME")
  elseif(NOT "$ENV{LOCALAPPDATA}" STREQUAL "")
    set(dir "$ENV{LOCALAPPDATA}/cudaarch")
    set(channel "LOCALAPPDATA")
  else()
    set(dir "")
  endif()
  set(note "")
  string(ASCII 1 31 127 controls)  # a range's ends and DEL: the bytes a path must not hold
  string(SUBSTRING "${controls}" 0 1 first)
  string(SUBSTRING "${controls}" 1 1 last)
  string(SUBSTRING "${controls}" 2 1 del)
  if(NOT dir)  # OFF, NO, FALSE, 0, empty
    set(dir "")
  elseif(dir MATCHES "[${first}-${last}${del}]")
    set(note "${channel} holds a control character or line break (set it to a folder path)")
  elseif(NOT IS_ABSOLUTE "${dir}")
    if(CMAKE_SCRIPT_MODE_FILE OR NOT channel MATCHES "CUDAARCH_DETECT_CACHE_DIR")
      set(note "${channel} is the relative path '${dir}' (set it to an absolute folder)")
    else()
      get_filename_component(dir "${dir}" ABSOLUTE BASE_DIR "${CMAKE_BINARY_DIR}")
    endif()
  endif()
  if(note)
    set(dir "")
    _cudaarch_machine_cache_log("machine-wide cache not used: ${note}")
  endif()
  set(${out_var} "${dir}" PARENT_SCOPE)
endfunction()

# Appends <line> to the cache log once per configure.
function(_cudaarch_machine_cache_log line)
  get_property(log GLOBAL PROPERTY _CUDAARCH_MACHINE_CACHE_LOG)
  string(REPLACE ";" "," line "${line}")
  if(NOT line IN_LIST log)
    set_property(GLOBAL APPEND PROPERTY _CUDAARCH_MACHINE_CACHE_LOG "${line}")
  endif()
endfunction()

# <out_var> = _cudaarch_machine_cache_stat's entry for one line of `ls -ldn` ("absent" when
# the path is not there).
function(_cudaarch_machine_cache_ls_entry out_var line)
  # mode, links, uid, gid, then the size (a device shows "major, minor": no size).
  if(line MATCHES "^([-dlpcbs])[-rwxsStT]([-rwxsStT])[-rwxsStT][-rwxsStT]([-rwxsStT])[-rwxsStT][-rwxsStT]([-rwxsStT])[-rwxsStT][^ ]* +[0-9]+ +([0-9]+) +[0-9]+ +([0-9]*)")
    set(writable 0)
    if(CMAKE_MATCH_3 STREQUAL "w" OR CMAKE_MATCH_4 STREQUAL "w")
      set(writable 1)
    endif()
    set(size "${CMAKE_MATCH_6}")
    if(size STREQUAL "")
      set(size 0)
    endif()
    set(${out_var} "${CMAKE_MATCH_1}|${CMAKE_MATCH_5}|${writable}|${size}" PARENT_SCOPE)
  elseif(line STREQUAL "absent")
    set(${out_var} "absent" PARENT_SCOPE)
  else()
    set(${out_var} "?|?|1|0" PARENT_SCOPE)  # unreadable: never trusted
  endif()
endfunction()

# <out_var> = _cudaarch_machine_cache_stat's entries for <paths> where there is no POSIX
# shell (Windows): types and sizes only, every entry the user's and not writable by others;
# the folder, the first path, is made first.
function(_cudaarch_machine_cache_stat_portable out_var paths)
  set(entries "")
  list(GET paths 0 dir)
  if(NOT EXISTS "${dir}")
    execute_process(COMMAND "${CMAKE_COMMAND}" -E make_directory "${dir}" RESULT_VARIABLE rc
                    OUTPUT_QUIET ERROR_QUIET)
  endif()
  foreach(path IN LISTS paths)
    if(IS_SYMLINK "${path}")
      list(APPEND entries "l|self|0|0")
    elseif(IS_DIRECTORY "${path}")
      list(APPEND entries "d|self|0|0")
    elseif(EXISTS "${path}")
      file(SIZE "${path}" size)
      list(APPEND entries "-|self|0|${size}")
    else()
      list(APPEND entries "absent")
    endif()
  endforeach()
  set(${out_var} "${entries}" PARENT_SCOPE)
endfunction()

# What is at each of <paths>, without following links or opening anything, as
# "<type>|<uid>|<group/other writable: 0 or 1>|<size>": type - (regular), d, l (link),
# p, c, b, s, or "absent". <uid_var>: the user running CMake (empty when unknown);
# <writable_var>: whether the first path, the folder, can be written (access(2), which also
# knows a read-only mount). The folder is made first (mode 0700, the XDG rule) unless
# something is there.
function(_cudaarch_machine_cache_stat uid_var writable_var out_var)
  set(paths "${ARGN}")
  set(entries "")
  if(NOT CMAKE_HOST_UNIX)
    _cudaarch_machine_cache_stat_portable(entries "${paths}")
    set(${uid_var} "self" PARENT_SCOPE)
    set(${writable_var} TRUE PARENT_SCOPE)
    set(${out_var} "${entries}" PARENT_SCOPE)
    return()
  endif()
  execute_process(COMMAND /bin/sh -c [[
umask 077
[ -e "$1" ] || [ -h "$1" ] || command -p mkdir -p -- "$1" 2>/dev/null
command -p id -u
if [ -w "$1" ]; then echo writable; else echo read-only; fi
for p; do LC_ALL=C command -p ls -ldn -- "$p" 2>/dev/null || echo absent; done]] sh ${paths}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_QUIET)
  string(REGEX MATCHALL "[^\n]+" lines "${out}")
  list(LENGTH lines count)
  list(LENGTH paths wanted)
  math(EXPR wanted "${wanted} + 2")
  set(uid "")
  set(writable_dir FALSE)
  if(rc EQUAL 0 AND count EQUAL wanted)
    list(GET lines 0 uid)
    list(GET lines 1 access)
    if(access STREQUAL "writable")
      set(writable_dir TRUE)
    endif()
    list(REMOVE_AT lines 0 1)
    foreach(line IN LISTS lines)
      _cudaarch_machine_cache_ls_entry(entry "${line}")
      list(APPEND entries "${entry}")
    endforeach()
  endif()
  if(NOT uid MATCHES "^[0-9]+$")
    set(uid "")
  endif()
  set(${uid_var} "${uid}" PARENT_SCOPE)
  set(${writable_var} ${writable_dir} PARENT_SCOPE)
  set(${out_var} "${entries}" PARENT_SCOPE)
endfunction()

# Why <entry> (of _cudaarch_machine_cache_stat) is not a trusted <type> (d or -) of <uid>,
# in words, or empty when it is; an absent file is trusted (there is nothing to read).
function(_cudaarch_machine_cache_distrust out_var entry uid type)
  set(why "")
  string(REPLACE "|" ";" fields "${entry}")
  list(GET fields 0 kind)
  set(words_l "a symbolic link")
  set(words_d "a folder")
  set(words_- "a regular file")
  set(words_p "a FIFO")
  set(words_c "a device")
  set(words_b "a device")
  set(words_s "a socket")
  if(kind STREQUAL "absent")
    if(type STREQUAL "d")
      set(why "it cannot be created")
    endif()
  elseif(NOT kind STREQUAL type)
    set(why "${words_${kind}}, not ${words_${type}}")
    if(kind STREQUAL "?")
      set(why "its owner and mode cannot be read")
    endif()
  else()
    list(GET fields 1 owner)
    list(GET fields 2 writable)
    if(NOT owner STREQUAL uid)
      set(why "owned by uid ${owner}, not by this user (uid ${uid})")
    elseif(writable)
      set(why "group or others can write it")
    endif()
  endif()
  set(${out_var} "${why}" PARENT_SCOPE)
endfunction()

# The cache file <name> and its lock, checked: sets <prefix>_file (its path, empty when the
# cache is off or its folder is not trusted), <prefix>_usable (TRUE when the file may be
# read: a trusted regular file, within <max> bytes), <prefix>_lockable (TRUE when its lock
# may be taken, and so the file written). What is not trusted is logged once.
function(_cudaarch_machine_cache_open prefix name max)
  set(${prefix}_file "" PARENT_SCOPE)
  set(${prefix}_usable FALSE PARENT_SCOPE)
  set(${prefix}_lockable FALSE PARENT_SCOPE)
  _cudaarch_machine_cache_dir(dir)
  if(NOT dir)
    return()
  endif()
  set(file "${dir}/${name}")
  _cudaarch_machine_cache_stat(uid writable entries "${dir}" "${file}" "${file}.lock")
  if(uid STREQUAL "")
    _cudaarch_machine_cache_log("machine-wide cache ${dir} not used: /bin/sh could not tell its owner and mode")
    return()
  endif()
  list(GET entries 0 folder)
  _cudaarch_machine_cache_distrust(why "${folder}" "${uid}" d)
  if(why)
    _cudaarch_machine_cache_log("machine-wide cache ${dir} not used: ${why} (CudaArch runs without it: \
make it a folder of your own with mode 0700, point CUDAARCH_DETECT_CACHE_DIR elsewhere, or set it to OFF)")
    return()
  endif()
  list(GET entries 1 data)
  list(GET entries 2 lock)
  _cudaarch_machine_cache_distrust(data_why "${data}" "${uid}" -)
  _cudaarch_machine_cache_distrust(lock_why "${lock}" "${uid}" -)
  string(REGEX REPLACE "^.*\\|" "" size "${data}")
  if(NOT data_why AND NOT data STREQUAL "absent" AND (size EQUAL 0 OR size GREATER max))
    set(data_why "${size} bytes, not 1 to ${max}")
  endif()
  if(data_why)
    _cudaarch_machine_cache_log("machine-wide cache file ${file} ignored: ${data_why}")
  endif()
  if(lock_why)
    _cudaarch_machine_cache_log("machine-wide cache file ${file} not used: its lock ${file}.lock is ${lock_why}")
  endif()
  set(${prefix}_file "${file}" PARENT_SCOPE)
  if(NOT data_why AND NOT lock_why AND NOT data STREQUAL "absent")
    set(${prefix}_usable TRUE PARENT_SCOPE)
  endif()
  # The lock is made here when missing, where failing stops nothing: file(LOCK) stops the
  # configure when it cannot create it (a read-only or full folder). A folder in the way of
  # the rename cannot be replaced: the file is not written either.
  if(lock_why OR data MATCHES "^d")
    return()
  elseif(NOT writable)
    _cudaarch_machine_cache_log("machine-wide cache ${dir} is not written: it cannot be written (a read-only mount?)")
    return()
  elseif(lock STREQUAL "absent" AND CMAKE_HOST_UNIX)
    # Made once, never through a link (set -C: O_EXCL); another run may just have made it.
    execute_process(COMMAND /bin/sh -c [=[(set -C && : > "$1") 2>/dev/null; [ -f "$1" ] && [ ! -h "$1" ]]=] sh "${file}.lock"
                    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
    if(NOT rc EQUAL 0)
      _cudaarch_machine_cache_log("machine-wide cache file ${file} not written: its lock cannot be made (a full disk?)")
      return()
    endif()
  endif()
  set(${prefix}_lockable TRUE PARENT_SCOPE)
endfunction()

# <content> with the line CudaArch seals its cache files with: the SHA-256 of all before it.
function(_cudaarch_machine_cache_seal out_var content)
  string(SHA256 hash "${content}")
  set(${out_var} "${content}sha256=${hash}\n" PARENT_SCOPE)
endfunction()

# The content of <file> without its seal line, read to at most <max> bytes; empty (and
# logged) when the seal is missing or does not match. Call only for a file that
# _cudaarch_machine_cache_open found usable.
function(_cudaarch_machine_cache_read out_var file max)
  math(EXPR limit "${max} + 1")
  file(READ "${file}" content LIMIT ${limit})
  set(body "")
  string(LENGTH "${content}" length)
  if(length GREATER max)
    _cudaarch_machine_cache_log("machine-wide cache file ${file} ignored: more than ${max} bytes")
  elseif(content MATCHES "^(.*\n)?sha256=([0-9a-f]+)\n$")
    set(seal "${CMAKE_MATCH_2}")
    string(LENGTH "${content}" total)
    math(EXPR cut "${total} - 72")  # "sha256=" and 64 digits and "\n"
    if(cut GREATER_EQUAL 0)
      string(SUBSTRING "${content}" 0 ${cut} body)
      string(SHA256 hash "${body}")
      if(NOT hash STREQUAL seal)
        set(body "")
      endif()
    endif()
    if(body STREQUAL "")
      _cudaarch_machine_cache_log("machine-wide cache file ${file} ignored: its SHA-256 line does not match")
    endif()
  else()
    _cudaarch_machine_cache_log("machine-wide cache file ${file} ignored: no SHA-256 line (cut short, or not CudaArch's)")
  endif()
  set(${out_var} "${body}" PARENT_SCOPE)
endfunction()

# Writes <content>, sealed, to <file> through a temporary file and a rename, so that a
# reader never sees half a file; the caller holds the file's lock (whose creation proved
# the folder writable). A full disk does not stop the configure: the temporary is written
# in pieces smaller than any stream buffer (a failed flush of a small write is silent, of
# a large one fatal), its size checked, and removed when short; the file is then left as
# it was.
function(_cudaarch_machine_cache_write file content)
  _cudaarch_machine_cache_seal(sealed "${content}")
  string(RANDOM LENGTH 12 ALPHABET 0123456789abcdef tag)
  set(temporary "${file}.${tag}.tmp")
  file(WRITE "${temporary}" "")
  string(LENGTH "${sealed}" length)
  set(at 0)
  while(at LESS length)
    string(SUBSTRING "${sealed}" ${at} 512 piece)
    file(APPEND "${temporary}" "${piece}")
    math(EXPR at "${at} + 512")
  endwhile()
  file(SIZE "${temporary}" written)
  if(NOT written EQUAL length OR IS_DIRECTORY "${file}")
    file(REMOVE "${temporary}")
    _cudaarch_machine_cache_log("machine-wide cache file ${file} not written: ${written} of ${length} bytes \
could be written (a full disk?)")
    return()
  endif()
  file(RENAME "${temporary}" "${file}")
endfunction()

# _cudaarch_machine_cache_write under the file's own lock, when <lockable> (of
# _cudaarch_machine_cache_open); nothing happens when the lock cannot be taken (a
# read-only or full folder: file(LOCK) reports that where file(WRITE) would stop the
# configure).
function(_cudaarch_machine_cache_store file lockable content)
  if(NOT file OR NOT lockable)
    return()
  endif()
  file(LOCK "${file}.lock" GUARD FUNCTION TIMEOUT 10 RESULT_VARIABLE locked)
  if(locked EQUAL 0)
    _cudaarch_machine_cache_write("${file}" "${content}")
  else()
    _cudaarch_machine_cache_log("machine-wide cache file ${file} not written: its lock cannot be taken (${locked})")
  endif()
endfunction()

# A file's identity without reading or running it: its real path, size and time stamp
# (an nvcc or driver update replaces the file); "-" when it does not exist.
function(_cudaarch_file_identity out_var path)
  get_filename_component(real "${path}" REALPATH)
  if(NOT EXISTS "${real}" OR IS_DIRECTORY "${real}")
    set(${out_var} "${path} -" PARENT_SCOPE)
    return()
  endif()
  file(SIZE "${real}" size)
  file(TIMESTAMP "${real}" stamp "%Y%m%dT%H%M%S" UTC)
  set(${out_var} "${real} ${size} ${stamp}" PARENT_SCOPE)
endfunction()
