# SPDX-License-Identifier: Apache-2.0
# The machine-wide cache against a hostile or broken folder (issue 22, label hostile): links
# at every cache path (the locks included), another user's folder or file, a group-writable
# one, a FIFO, /dev/zero and a folder where a file should be, truncated, header-only, huge
# and edited records, a relative folder, read-only and full disks, and parallel runs. Each
# case starts from a warm cache, changes it, and runs detection, cudaarch_supported and the
# database load: the run must succeed with the right answers, probe or ask nvcc again where
# the cache was not trusted, say so in one log line, harm nothing the links point to, and
# leave no temporary or short file behind.
#   cmake -DWORK_DIR=<dir> -P test_hostile_cache.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")

# A run stopped half-way may have left its tmpfs mounted.
execute_process(COMMAND umount "${WORK_DIR}/mnt" OUTPUT_QUIET ERROR_QUIET)
file(REMOVE_RECURSE "${WORK_DIR}")
cudaarch_fixture_nvcc(fixture nvcc-13.0 "${WORK_DIR}/fake")
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)

# Programs that count their runs: an nvcc (its answers from the fixture) and a probe that
# finds one H200.
function(write_program path text)
  get_filename_component(dir "${path}" DIRECTORY)
  get_filename_component(name "${path}" NAME)
  file(WRITE "${WORK_DIR}/programs/${name}.in" "#!/bin/sh\n${text}")
  file(COPY "${WORK_DIR}/programs/${name}.in" DESTINATION "${dir}" FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  file(RENAME "${dir}/${name}.in" "${path}")
endfunction()
set(nvcc "${WORK_DIR}/cuda/bin/nvcc")
write_program("${nvcc}" "echo run >> '${WORK_DIR}/nvcc-runs'\nexec '${fixture}' \"$@\"\n")
write_program("${WORK_DIR}/bin/probe" "echo run >> '${WORK_DIR}/probe-runs'
printf '%s\\n' 'cudaarch-probe|1' 'device|0|9.0|132|150754820096|0000:3B:00.0|ok|NVIDIA H200' 'status|ok|1 device'\n")
set(proc "${WORK_DIR}/proc")
file(WRITE "${proc}/driver/nvidia/version" "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.65.06  Sun Jul 27 2025\n")
file(WRITE "${proc}/driver/nvidia/gpus/0000:3b:00.0/information" "Model: \t\t NVIDIA H200\n")
file(WRITE "${WORK_DIR}/run.cmake" "include(\"${CUDAARCH_MODULE}\")
set(_CUDAARCH_DETECT_PROBE_COMMAND \"${WORK_DIR}/bin/probe\")
set(_CUDAARCH_DETECT_PROC_ROOT \"${proc}\")
set(CMAKE_CUDA_COMPILER \"${nvcc}\")
cudaarch_detect(gpus REASON why)
cudaarch_supported(supported COMPILER \"${nvcc}\")
message(STATUS \"gpus=[\${gpus}] why=[\${why}] supported=[\${supported}]\")
get_property(log GLOBAL PROPERTY _CUDAARCH_MACHINE_CACHE_LOG)
foreach(line IN LISTS log)
  message(STATUS \"LOG \${line}\")
endforeach()
")
set(answers "gpus=[90] why=[] supported=[75;80;86;87;88;89;90;90a;100;100a;100f;103;103a;103f;110;110a;110f;\
120;120a;120f;121;121a;121f]")

function(count_runs out_var file)
  set(count 0)
  if(EXISTS "${file}")
    file(STRINGS "${file}" lines)
    list(LENGTH lines count)
  endif()
  file(REMOVE "${file}")
  set(${out_var} ${count} PARENT_SCOPE)
endfunction()

# Runs run.cmake with the cache folder <dir> (ENV: more VAR=value entries); checks exit code
# 0, the answers, <probes> probe and <nvccs> nvcc runs, and that the output holds each of
# EXPECT. <name>_out is the output.
function(run name dir probes nvccs)
  cmake_parse_arguments(PARSE_ARGV 4 arg "" "" "ENV;EXPECT")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCH_GPUS --unset=CUDA_VISIBLE_DEVICES
                          --unset=CUDAARCH_DETECT_REFRESH "CUDAARCH_DETECT_CACHE_DIR=${dir}" ${arg_ENV}
                          "${CMAKE_COMMAND}" -P "${WORK_DIR}/run.cmake"
                  WORKING_DIRECTORY "${WORK_DIR}/cwd" TIMEOUT 60
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  count_runs(probe_runs "${WORK_DIR}/probe-runs")
  count_runs(nvcc_runs "${WORK_DIR}/nvcc-runs")
  check_equal("${name}: exit code, diagnostics, probe and nvcc runs" "${rc}|${err}|${probe_runs}|${nvcc_runs}"
              "0||${probes}|${nvccs}")
  foreach(expected IN ITEMS "-- ${answers}\n" ${arg_EXPECT})
    string(FIND "${out}" "${expected}" at)
    if(at EQUAL -1)
      check_equal("${name}: a line with [${expected}]" "${out}" "${expected}")
    endif()
  endforeach()
  set(${name}_out "${out}" PARENT_SCOPE)
endfunction()

# The files of <dir> that are debris: temporaries, and empty files other than the locks.
function(check_no_debris name dir)
  file(GLOB entries "${dir}/*")
  set(debris "")
  foreach(entry IN LISTS entries)
    if(entry MATCHES "\\.tmp$")
      list(APPEND debris "${entry}")
    elseif(NOT IS_DIRECTORY "${entry}" AND NOT IS_SYMLINK "${entry}" AND NOT entry MATCHES "\\.lock$")
      file(SIZE "${entry}" size)
      if(size EQUAL 0)
        list(APPEND debris "${entry}")
      endif()
    endif()
  endforeach()
  check_equal("${name}: no debris" "${debris}" "")
endfunction()

function(sh name)
  execute_process(COMMAND sh -c "${ARGN}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  check_equal("${name}: sh ${ARGN}" "${rc}|${err}" "0|")
endfunction()

file(MAKE_DIRECTORY "${WORK_DIR}/cwd")
set(warm "${WORK_DIR}/warm")
run(cold "${warm}" 1 4)
execute_process(COMMAND ls -ld "${warm}" OUTPUT_VARIABLE mode)
string(SUBSTRING "${mode}" 0 10 mode)
check_equal("cold: the folder is made 0700" "${mode}" "drwx------")
file(GLOB detect RELATIVE "${warm}" "${warm}/detect-*.txt")
file(GLOB toolkit RELATIVE "${warm}" "${warm}/toolkit-*.txt")
file(GLOB database RELATIVE "${warm}" "${warm}/database-*.txt")
check_equal("cold: one file of each" "${detect}|${toolkit}|${database}" "${detect}|${toolkit}|${database}")
foreach(kind IN ITEMS detect toolkit database)
  list(LENGTH ${kind} count)
  check_equal("cold: one ${kind} file" "${count}" 1)
endforeach()
run(warm "${warm}" 0 0 EXPECT "from the machine cache ${warm}/${detect}"
    "LOG what ${nvcc} builds: from the machine-wide cache file ${warm}/${toolkit}"
    "LOG parsed architecture database: from the machine-wide cache file ${warm}/${database}")

# <dir>: a fresh copy of the warm cache.
function(fresh dir)
  file(REMOVE_RECURSE "${dir}")
  sh(copy "cp -Rp '${warm}' '${dir}'")
endfunction()

# Links at every cache path: the locks point at files of root's own, which must keep their
# bytes (CMake 3.25's file(LOCK) truncated a lock's target), the records at valid copies.
set(dir "${WORK_DIR}/links")
fresh("${dir}")
foreach(kind IN ITEMS detect toolkit database)
  file(WRITE "${WORK_DIR}/secret-${kind}" "secret\n")
  file(REMOVE "${dir}/${${kind}}.lock")
  file(CREATE_LINK "${WORK_DIR}/secret-${kind}" "${dir}/${${kind}}.lock" SYMBOLIC)
endforeach()
run(lock_links "${dir}" 1 4 EXPECT "LOG machine-wide cache file ${dir}/${detect} not used: its lock ${dir}/${detect}.lock is a symbolic link, not a regular file")
foreach(kind IN ITEMS detect toolkit database)
  file(READ "${WORK_DIR}/secret-${kind}" secret)
  check_equal("lock_links: the ${kind} lock's target is untouched" "${secret}" "secret\n")
endforeach()
fresh("${dir}")
foreach(kind IN ITEMS detect toolkit database)
  file(RENAME "${dir}/${${kind}}" "${WORK_DIR}/planted-${kind}")
  file(CREATE_LINK "${WORK_DIR}/planted-${kind}" "${dir}/${${kind}}" SYMBOLIC)
endforeach()
run(record_links "${dir}" 1 4 EXPECT "LOG machine-wide cache file ${dir}/${toolkit} ignored: a symbolic link, not a regular file")
file(REMOVE_RECURSE "${dir}")
file(CREATE_LINK "${warm}" "${dir}" SYMBOLIC)
run(folder_link "${dir}" 1 4 EXPECT "LOG machine-wide cache ${dir} not used: a symbolic link, not a folder")
file(REMOVE "${dir}")

# <name>: the run on a fresh copy of the warm cache in <dir>, changed by the shell command
# <change> first; its output must hold <expected>.
function(run_changed name dir change probes nvccs expected)
  fresh("${dir}")
  sh(${name} "${change}")
  run(${name} "${dir}" ${probes} ${nvccs} EXPECT "${expected}")
endfunction()

# Another user's folder or file, and folders or files that group or others can write.
if(uid STREQUAL "0")
  set(dir "${WORK_DIR}/foreign")
  run_changed(foreign_folder "${dir}" "chown -R 65534 '${dir}'" 1 4
              "LOG machine-wide cache ${dir} not used: owned by uid 65534, not by this user (uid 0)")
  run_changed(foreign_file "${dir}" "chown 65534 '${dir}/${detect}'" 1 0
              "LOG machine-wide cache file ${dir}/${detect} ignored: owned by uid 65534, not by this user (uid 0)")
else()
  message("SKIP foreign_folder, foreign_file: chown to another uid needs root (uid ${uid})")
endif()
set(dir "${WORK_DIR}/open")
run_changed(group_writable_folder "${dir}" "chmod 0770 '${dir}'" 1 4
            "LOG machine-wide cache ${dir} not used: group or others can write it")
run_changed(other_writable_file "${dir}" "chmod 0646 '${dir}/${toolkit}'" 0 4
            "LOG machine-wide cache file ${dir}/${toolkit} ignored: group or others can write it")

# Not a regular file: a FIFO (which would hang a reader), /dev/zero (read without end) and a
# folder, each where a record should be; none is opened, the run probes and asks again.
set(dir "${WORK_DIR}/special")
fresh("${dir}")
file(REMOVE "${dir}/${detect}" "${dir}/${toolkit}" "${dir}/${database}")
sh(fifo "mkfifo '${dir}/${detect}'")
file(CREATE_LINK /dev/zero "${dir}/${database}" SYMBOLIC)
file(MAKE_DIRECTORY "${dir}/${toolkit}")
run(special_files "${dir}" 1 4 EXPECT "LOG machine-wide cache file ${dir}/${detect} ignored: a FIFO, not a regular file"
    "LOG machine-wide cache file ${dir}/${toolkit} ignored: a folder, not a regular file")
check_no_debris(special_files "${dir}")
# The driver's per-GPU file is read as what it is, a small text: a link to /dev/zero there
# is read to a bound.
set(dir "${WORK_DIR}/proc_zero")
file(RENAME "${proc}/driver/nvidia/gpus/0000:3b:00.0/information" "${WORK_DIR}/information")
file(CREATE_LINK /dev/zero "${proc}/driver/nvidia/gpus/0000:3b:00.0/information" SYMBOLIC)
run(proc_dev_zero "${dir}" 1 4)
file(REMOVE "${proc}/driver/nvidia/gpus/0000:3b:00.0/information")
file(RENAME "${WORK_DIR}/information" "${proc}/driver/nvidia/gpus/0000:3b:00.0/information")

# Records cut short, of header lines only, huge, or edited: never taken.
set(dir "${WORK_DIR}/records")
fresh("${dir}")
file(READ "${dir}/${detect}" text)
string(SUBSTRING "${text}" 0 60 cut)
file(WRITE "${dir}/${detect}" "${cut}")
run(truncated "${dir}" 1 0 EXPECT "LOG machine-wide cache file ${dir}/${detect} ignored: no SHA-256 line (cut short, or not CudaArch's)")
string(REGEX MATCH "^[^\n]*\n[^\n]*\n" header "${text}")
file(WRITE "${dir}/${detect}" "${header}")
run(header_only "${dir}" 1 0)
string(SHA256 seal "${header}")
file(WRITE "${dir}/${detect}" "${header}sha256=${seal}\n")
run(header_only_sealed "${dir}" 1 0 EXPECT "LOG machine-wide cache file ${dir}/${detect} ignored: a field is missing or malformed")
sh(huge "truncate -s 2G '${dir}/${database}'")
run(huge "${dir}" 0 0 EXPECT "LOG machine-wide cache file ${dir}/${database} ignored: 2147483648 bytes, not 1 to 1048576")
file(READ "${dir}/${toolkit}" text)
string(REPLACE ",90,90a," ",90a," edited "${text}")
string(REPLACE "|75,80," "|52,75,80," edited "${edited}")
file(WRITE "${dir}/${toolkit}" "${edited}")
run(edited_toolkit "${dir}" 0 4 EXPECT "LOG machine-wide cache file ${dir}/${toolkit} ignored: its SHA-256 line does not match")
# An nvcc.profile beside nvcc changes what nvcc does: a new key, so nvcc is asked again.
file(WRITE "${WORK_DIR}/cuda/bin/nvcc.profile" "INCLUDES += -I/opt\n")
run(neighbour "${dir}" 0 4)
file(REMOVE "${WORK_DIR}/cuda/bin/nvcc.profile")

# A relative folder: refused in script mode (no build tree), nothing written where it runs.
run(relative relcache 1 4 EXPECT "LOG machine-wide cache not used: the environment variable CUDAARCH_DETECT_CACHE_DIR \
is the relative path 'relcache' (set it to an absolute folder)")
file(GLOB made "${WORK_DIR}/cwd/relcache")
check_equal("relative: nothing in the working directory" "${made}" "")
# ...and taken in the build tree by a configure.
file(WRITE "${WORK_DIR}/project/CMakeLists.txt" "cmake_minimum_required(VERSION 3.18)
project(relative NONE)
include(\"${WORK_DIR}/run.cmake\")\n")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDA_VISIBLE_DEVICES CUDAARCH_DETECT_CACHE_DIR=relcache
                        "${CMAKE_COMMAND}" -S "${WORK_DIR}/project" -B "${WORK_DIR}/project-build"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
count_runs(ignored "${WORK_DIR}/probe-runs")
count_runs(ignored "${WORK_DIR}/nvcc-runs")
file(GLOB written RELATIVE "${WORK_DIR}/project-build/relcache" "${WORK_DIR}/project-build/relcache/*.txt")
list(LENGTH written count)
file(GLOB in_source "${WORK_DIR}/project/relcache")
check_equal("relative in a configure: the build tree's folder" "${rc}|${err}|${count}|${in_source}" "0||3|")

# The build tree's own record of what nvcc builds has the same key: a configure after a
# change beside nvcc asks nvcc again, one without none.
file(WRITE "${WORK_DIR}/toolkit-project/CMakeLists.txt" "cmake_minimum_required(VERSION 3.18)
project(toolkit NONE)
include(\"${CUDAARCH_MODULE}\")
cudaarch_supported(supported COMPILER \"${nvcc}\")\n")
set(nvcc_runs_by_configure "")
foreach(step IN ITEMS first again profile)
  if(step STREQUAL "profile")
    file(WRITE "${WORK_DIR}/cuda/bin/nvcc.profile" "INCLUDES += -I/opt\n")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env CUDAARCH_DETECT_CACHE_DIR=OFF
                          "${CMAKE_COMMAND}" -S "${WORK_DIR}/toolkit-project" -B "${WORK_DIR}/toolkit-project/build"
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  count_runs(runs "${WORK_DIR}/nvcc-runs")
  list(APPEND nvcc_runs_by_configure "${rc}:${runs}")
endforeach()
file(REMOVE "${WORK_DIR}/cuda/bin/nvcc.profile")
check_equal("build tree: nvcc runs of three configures (the last after nvcc.profile changed)"
            "${nvcc_runs_by_configure}" "0:4;0:0;0:4")

# Read-only and full disks (small tmpfs mounts, where this machine lets the test mount).
set(mnt "${WORK_DIR}/mnt")
file(MAKE_DIRECTORY "${mnt}")
execute_process(COMMAND mount -t tmpfs -o size=256k,mode=0700 tmpfs "${mnt}" RESULT_VARIABLE mounted ERROR_VARIABLE why)
if(mounted EQUAL 0)
  sh(fill "cp -Rp '${warm}' '${mnt}/cache' && rm '${mnt}/cache/${detect}' '${mnt}/cache/${toolkit}' && mount -o remount,ro '${mnt}'")
  run(read_only "${mnt}/cache" 1 4 EXPECT "LOG machine-wide cache ${mnt}/cache is not written: it cannot be written (a read-only mount?)"
      "LOG parsed architecture database: from the machine-wide cache file ${mnt}/cache/${database}")
  sh(rw "mount -o remount,rw '${mnt}' && rm -f '${mnt}/cache/'*.lock '${mnt}/cache/${database}' && \
dd if=/dev/zero of='${mnt}/fill' bs=4k 2>/dev/null; true")
  run(full "${mnt}/cache" 1 4 EXPECT "not written: 0 of")
  check_no_debris(full "${mnt}/cache")
  execute_process(COMMAND umount "${mnt}")
else()
  string(STRIP "${why}" why)
  message("SKIP read_only, full: mount -t tmpfs failed here (${why})")
endif()

# Parallel runs on a cold cache: one probe, one nvcc query, whole files.
set(dir "${WORK_DIR}/parallel")
execute_process(COMMAND sh -c "for i in 1 2 3 4; do
    (env -u CUDAARCH_GPUS -u CUDA_VISIBLE_DEVICES CUDAARCH_DETECT_CACHE_DIR='${dir}' '${CMAKE_COMMAND}' \
      -P '${WORK_DIR}/run.cmake' > '${WORK_DIR}/parallel-'$i.log 2>&1; echo $? >> '${WORK_DIR}/parallel-codes') &
  done; wait")
file(STRINGS "${WORK_DIR}/parallel-codes" codes)
count_runs(probe_runs "${WORK_DIR}/probe-runs")
check_equal("parallel: exit codes and probe runs" "${codes}|${probe_runs}" "0;0;0;0|1")
check_no_debris(parallel "${dir}")

check_finish()
