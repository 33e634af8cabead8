# SPDX-License-Identifier: Apache-2.0
# cudaarch_detect() end to end: configures tests/cmake/detect/project in fresh build trees with
# a controlled PATH and environment, and compares the CudaArch status lines and the
# returned values exactly.
#   cmake -DCASE=<name> -DROOT=<source root> -DWORK=<scratch dir> -DMAKE_PROGRAM=<ninja>
#         [-DNVCC=<nvcc>] [-DEXPECTED_GPUS=<list>] [-DCUDAARCH_EXE=<cudaarch>] -P detect_cases.cmake
# Fake programs (probe, nvidia-smi, nvcc, __nvcc_device_query) are /bin/sh scripts that
# use only shell built-ins, so PATH can be restricted to the fakes.
cmake_minimum_required(VERSION 3.19)

set(project "${ROOT}/tests/cmake/detect/project")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/bin" "${WORK}/empty")
set(failures "")

function(write_program path text)
  get_filename_component(dir "${path}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  file(WRITE "${path}" "#!/bin/sh\n${text}\n")
  file(CHMOD "${path}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
endfunction()

# A fake probe printing <records> (a list; "\n" is added after each), counting its runs
# in ${WORK}/probe-runs.
function(fake_probe path)
  set(text "echo run >> '${WORK}/probe-runs'\n")
  foreach(record IN LISTS ARGN)
    string(REPLACE "'" "'\\''" record "${record}")
    string(APPEND text "printf '%s\\n' '${record}'\n")
  endforeach()
  write_program("${path}" "${text}")
endfunction()

# configure(<prefix> [REAL_NVCC] [BUILD <dir>] [PATH <path>] [ENV VAR=value...] [ARGS -D...])
# REAL_NVCC: NVCC is CMake's CUDA compiler and its folder comes first on PATH (the real probe
# is built by it). The machine-wide detection cache is off unless ENV sets CUDAARCH_DETECT_CACHE_DIR, and the
# PCI tier reads an empty sysfs and no pci.ids unless ENV sets CUDAARCH_SYSFS_ROOT and
# CUDAARCH_PCI_IDS.
# Sets <prefix>_rc, <prefix>_lines (the "-- CudaArch:" and "-- RESULT" lines) and
# <prefix>_flat (all output, white space collapsed).
function(configure prefix)
  cmake_parse_arguments(PARSE_ARGV 1 a "REAL_NVCC" "BUILD;PATH" "ENV;ARGS")
  if(a_REAL_NVCC)
    get_filename_component(cuda_bin "${NVCC}" DIRECTORY)
    set(a_PATH "${cuda_bin}:$ENV{PATH}")
    list(APPEND a_ARGS "-DCMAKE_CUDA_COMPILER=${NVCC}")
  endif()
  if(NOT a_BUILD)
    set(a_BUILD build)
  endif()
  if(NOT DEFINED a_PATH)
    set(a_PATH "${WORK}/empty")
  endif()
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDA_VISIBLE_DEVICES --unset=CUDAARCH_GPUS --unset=CUDA_HOME --unset=CUDA_PATH --unset=CUDAToolkit_ROOT --unset=CUDACXX "PATH=${a_PATH}"
            --unset=CUDAARCH_DETECT_REFRESH --unset=CUDAARCH_DETECT_PCI CUDAARCH_DETECT_CACHE_DIR=OFF
            "CUDAARCH_SYSFS_ROOT=${WORK}/empty" CUDAARCH_PCI_IDS= ${a_ENV}
            "${CMAKE_COMMAND}" -S "${project}" -B "${WORK}/${a_BUILD}" -G Ninja
            "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}" "-DCUDAARCH_ROOT=${ROOT}" ${a_ARGS}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(REPLACE ";" "\\;" escaped "${out}")
  string(REPLACE "\n" ";" lines "${escaped}")
  set(kept "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^-- (CudaArch:|RESULT )")
      string(APPEND kept "${line}\n")
    endif()
  endforeach()
  string(REGEX REPLACE "[ \n]+" " " flat "${out}")
  set(${prefix}_rc "${rc}" PARENT_SCOPE)
  set(${prefix}_lines "${kept}" PARENT_SCOPE)
  set(${prefix}_flat "${flat}" PARENT_SCOPE)
  set(${prefix}_out "${out}" PARENT_SCOPE)
endfunction()

# configure_probe_build(<prefix>): the real probe's two build paths, configure(<prefix>
# REAL_NVCC) with the CUDA language enabled when the case's name ends in _cuda_language and
# with no language otherwise. Sets what configure sets.
function(configure_probe_build prefix)
  set(languages NONE)
  if(CASE MATCHES "_cuda_language$")
    set(languages CUDA)
  endif()
  configure(${prefix} REAL_NVCC ARGS "-DTEST_LANGUAGES=${languages}")
  foreach(result IN ITEMS rc lines flat out)
    set(${prefix}_${result} "${${prefix}_${result}}" PARENT_SCOPE)
  endforeach()
endfunction()

function(fail text)
  set(failures "${failures}${text}\n" PARENT_SCOPE)
endfunction()

# The status and RESULT lines must be exactly <expected> (lines joined by "\n").
macro(expect_lines prefix expected)
  if(NOT "${${prefix}_rc}" STREQUAL "0")
    fail("[${prefix}] configure failed (${${prefix}_rc}):\n${${prefix}_out}")
  elseif(NOT "${${prefix}_lines}" STREQUAL "${expected}\n")
    fail("[${prefix}] expected:\n${expected}\n[${prefix}] got:\n${${prefix}_lines}")
  endif()
endmacro()

# Configure must fail and its output contain <text> (white space collapsed).
macro(expect_error prefix text)
  string(FIND "${${prefix}_flat}" "${text}" _at)
  if("${${prefix}_rc}" STREQUAL "0" OR _at EQUAL -1)
    fail("[${prefix}] expected a failure with: ${text}\n[${prefix}] got (${${prefix}_rc}):\n${${prefix}_out}")
  endif()
endmacro()

function(count_probe_runs out_var)
  set(count 0)
  if(EXISTS "${WORK}/probe-runs")
    file(STRINGS "${WORK}/probe-runs" runs)
    list(LENGTH runs count)
  endif()
  set(${out_var} ${count} PARENT_SCOPE)
endfunction()

set(probe_hook "-D_CUDAARCH_DETECT_PROBE_COMMAND=${WORK}/probe")

# What the GPU tests expect: EXPECTED_GPUS, else nvidia-smi's distinct capabilities.
if(CASE MATCHES "^gpu_" AND NOT EXPECTED_GPUS)
  execute_process(COMMAND nvidia-smi --query-gpu=compute_cap --format=csv,noheader OUTPUT_VARIABLE caps)
  string(REGEX MATCHALL "[0-9]+\\.[0-9]" caps "${caps}")
  set(EXPECTED_GPUS "")
  foreach(cap IN LISTS caps)
    string(REPLACE "." "" cap "${cap}")
    list(APPEND EXPECTED_GPUS "${cap}")
  endforeach()
  list(REMOVE_DUPLICATES EXPECTED_GPUS)
  list(SORT EXPECTED_GPUS COMPARE NATURAL)
endif()
set(h200 "device|0|9.0|132|150754820096|0000:3B:00.0|ok|NVIDIA H200")

# ---------------------------------------------------------------------------------------
if(CASE STREQUAL "probe_records")
  fake_probe("${WORK}/probe" "cudaarch-probe|1" "versions|13000|13000|75" "${h200}"
    "device|1|8.6|84|51033931776|0000:5E:00.0|ok|NVIDIA RTX A6000"
    "device|2|6.1|20|8589934592|0000:86:00.0|209:CUDA_ERROR_NO_BINARY_FOR_GPU|NVIDIA GeForce GTX 1080"
    "why|2|compute capability 6.1 is older than compute_75, the oldest architecture CUDA 13.0 targets: build for it with an older CUDA toolkit"
    "device|3|8.6|84|51033931776|0000:AF:00.0|ok|NVIDIA RTX A6000" "status|ok|4 devices")
  configure(r ARGS "${probe_hook}")
  expect_lines(r "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by the probe: 61;86;90 (4 devices; device 2 cannot run the probe kernel: compute capability 6.1 is older than compute_75, the oldest architecture CUDA 13.0 targets: build for it with an older CUDA toolkit)
-- RESULT gpus=[61;86;90]
-- RESULT devices=[0|9.0|NVIDIA H200|132|143771|0000:3B:00.0|ok;1|8.6|NVIDIA RTX A6000|84|48669|0000:5E:00.0|ok;2|6.1|NVIDIA GeForce GTX 1080|20|8192|0000:86:00.0|209:CUDA_ERROR_NO_BINARY_FOR_GPU;3|8.6|NVIDIA RTX A6000|84|48669|0000:AF:00.0|ok]
-- RESULT reason=[]")

# ---------------------------------------------------------------------------------------
elseif(CASE STREQUAL "probe_no_gpu_statuses")
  fake_probe("${WORK}/probe" "cudaarch-probe|1" "versions|13000|13000|75"
    "status|no-device|no CUDA device is visible (100:CUDA_ERROR_NO_DEVICE)")
  configure(hidden BUILD b1 ENV CUDA_VISIBLE_DEVICES=-1 ARGS "${probe_hook}")
  expect_lines(hidden "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: every device is hidden by CUDA_VISIBLE_DEVICES='-1'
-- RESULT gpus=[]
-- RESULT devices=[]
-- RESULT reason=[every device is hidden by CUDA_VISIBLE_DEVICES='-1']")
  configure(none BUILD b2 ARGS "${probe_hook}")
  expect_lines(none "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: the NVIDIA driver found no CUDA device
-- RESULT gpus=[]
-- RESULT devices=[]
-- RESULT reason=[the NVIDIA driver found no CUDA device]")
  configure(required BUILD b3 ENV CUDA_VISIBLE_DEVICES= ARGS "${probe_hook}" -DTEST_DETECT_ARGS=REQUIRED)
  expect_error(required "cudaarch_detect: no GPU detected (REQUIRED): every device is hidden by CUDA_VISIBLE_DEVICES=''")
  fake_probe("${WORK}/probe" "cudaarch-probe|1" "versions|0|13000|75"
    "status|stub-driver|libcuda.so.1 is the CUDA toolkit's stub library, not a driver (34:CUDA_ERROR_STUB_LIBRARY)")
  configure(stub BUILD b4 ARGS "${probe_hook}")
  expect_lines(stub "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: libcuda.so.1 is the CUDA toolkit's stub library, not a driver
-- RESULT gpus=[]
-- RESULT devices=[]
-- RESULT reason=[libcuda.so.1 is the CUDA toolkit's stub library, not a driver]")
  count_probe_runs(runs)
  if(NOT runs EQUAL 4)
    fail("[statuses] the probe ran ${runs} times, expected 4 (REQUIRED detects, then fails)")
  endif()

# ---------------------------------------------------------------------------------------
elseif(CASE STREQUAL "fallback_nvidia_smi")
  # The probe's runtime is newer than the driver: nvidia-smi still knows the GPUs.
  fake_probe("${WORK}/probe" "cudaarch-probe|1" "versions|12080|13000|75"
    "status|insufficient-driver|the driver is older than the toolkit's CUDA runtime")
  write_program("${WORK}/bin/nvidia-smi" [=[
case "$*" in
  *--query-gpu=index,uuid,pci.bus_id,compute_cap,name*--format=csv,noheader*) ;;
  *) echo "unexpected arguments: $*" >&2; exit 2 ;;
esac
printf '%s\n' '0, GPU-aaaa1111, 00000000:3B:00.0, 9.0, NVIDIA H200'
printf '%s\n' '1, GPU-bbbb2222, 00000000:5E:00.0, 8.6, NVIDIA RTX A6000'
printf '%s\n' '2, GPU-cccc3333, 00000000:86:00.0, 7.5, Tesla T4']=])
  configure(smi BUILD b1 PATH "${WORK}/bin" ARGS "${probe_hook}")
  expect_lines(smi "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by nvidia-smi: 75;86;90 (3 devices; insufficient driver: the driver supports CUDA 12.8, older than the toolkit's CUDA runtime 13.0)
-- RESULT gpus=[75;86;90]
-- RESULT devices=[0|9.0|NVIDIA H200|-|-|00000000:3B:00.0|-;1|8.6|NVIDIA RTX A6000|-|-|00000000:5E:00.0|-;2|7.5|Tesla T4|-|-|00000000:86:00.0|-]
-- RESULT reason=[]")
  # CUDA_VISIBLE_DEVICES applies to nvidia-smi's list: indices and UUID prefixes, in
  # that order, up to the first invalid entry.
  configure(visible BUILD b2 PATH "${WORK}/bin" ENV "CUDA_VISIBLE_DEVICES=2,GPU-aaaa,7,1" ARGS "${probe_hook}")
  expect_lines(visible "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by nvidia-smi: 75;90 (2 devices; insufficient driver: the driver supports CUDA 12.8, older than the toolkit's CUDA runtime 13.0)
-- RESULT gpus=[75;90]
-- RESULT devices=[0|7.5|Tesla T4|-|-|00000000:86:00.0|-;1|9.0|NVIDIA H200|-|-|00000000:3B:00.0|-]
-- RESULT reason=[]")
  # No nvcc anywhere: CUDACXX names a missing one, which decides, as in CMake's compiler search.
  configure(hidden BUILD b3 PATH "${WORK}/bin" ENV "CUDA_VISIBLE_DEVICES=-1" "CUDACXX=${WORK}/no-toolkit/bin/nvcc"
            ARGS "${probe_hook}")
  expect_lines(hidden "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: insufficient driver: the driver supports CUDA 12.8, older than the toolkit's CUDA runtime 13.0; nvidia-smi: every device is hidden by CUDA_VISIBLE_DEVICES='-1'; __nvcc_device_query: not next to ${WORK}/no-toolkit/bin/nvcc
-- RESULT gpus=[]
-- RESULT devices=[]
-- RESULT reason=[insufficient driver: the driver supports CUDA 12.8, older than the toolkit's CUDA runtime 13.0; nvidia-smi: every device is hidden by CUDA_VISIBLE_DEVICES='-1'; __nvcc_device_query: not next to ${WORK}/no-toolkit/bin/nvcc]")

# ---------------------------------------------------------------------------------------
elseif(CASE STREQUAL "fallback_device_query")
  # A probe that dies without a result; no nvidia-smi; a fake toolkit on PATH.
  write_program("${WORK}/probe" "echo 'Segmentation fault' >&2\nexit 139")
  write_program("${WORK}/cuda/bin/nvcc" "echo 'Cuda compilation tools, release 13.0, V13.0.88'")
  write_program("${WORK}/cuda/bin/__nvcc_device_query" "printf '86,90'")
  configure(dq BUILD b1 PATH "${WORK}/cuda/bin" ARGS "${probe_hook}")
  expect_lines(dq "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by __nvcc_device_query: 86;90 (devices not listed; the GPU probe exited with 139 and no result (see ${WORK}/b1/CMakeFiles/CudaArch/detect/probe-run.log))
-- RESULT gpus=[86;90]
-- RESULT devices=[-|8.6|-|-|-|-|-;-|9.0|-|-|-|-|-]
-- RESULT reason=[]")
  # What __nvcc_device_query says without a driver (its exact 13.0 text and exit code).
  write_program("${WORK}/cuda/bin/__nvcc_device_query"
    "echo \"$0 failed to call load_driver_entries() with error 0x3 (Unknown)\" >&2\nexit 1")
  configure(nodriver BUILD b2 PATH "${WORK}/cuda/bin" ARGS "${probe_hook}")
  expect_lines(nodriver "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: the GPU probe exited with 139 and no result (see ${WORK}/b2/CMakeFiles/CudaArch/detect/probe-run.log); nvidia-smi: not on PATH; __nvcc_device_query: no NVIDIA driver
-- RESULT gpus=[]
-- RESULT devices=[]
-- RESULT reason=[the GPU probe exited with 139 and no result (see ${WORK}/b2/CMakeFiles/CudaArch/detect/probe-run.log); nvidia-smi: not on PATH; __nvcc_device_query: no NVIDIA driver]")
  write_program("${WORK}/cuda/bin/__nvcc_device_query"
    "echo \"$0 cannot find supported GPU.\" >&2\nexit 2")
  configure(nodevice BUILD b3 PATH "${WORK}/cuda/bin" ARGS "${probe_hook}")
  expect_lines(nodevice "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: the GPU probe exited with 139 and no result (see ${WORK}/b3/CMakeFiles/CudaArch/detect/probe-run.log); nvidia-smi: not on PATH; __nvcc_device_query: the NVIDIA driver found no CUDA device
-- RESULT gpus=[]
-- RESULT devices=[]
-- RESULT reason=[the GPU probe exited with 139 and no result (see ${WORK}/b3/CMakeFiles/CudaArch/detect/probe-run.log); nvidia-smi: not on PATH; __nvcc_device_query: the NVIDIA driver found no CUDA device]")

# ---------------------------------------------------------------------------------------
elseif(CASE STREQUAL "timeout")
  write_program("${WORK}/probe" "exec /bin/sleep 20")
  string(TIMESTAMP start "%s")
  configure(t ENV "CUDACXX=${WORK}/no-toolkit/bin/nvcc" ARGS "${probe_hook}" "-DTEST_DETECT_ARGS=TIMEOUT 1")
  string(TIMESTAMP end "%s")
  expect_lines(t "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: the GPU probe timed out after 1 s; nvidia-smi: not on PATH; __nvcc_device_query: not next to ${WORK}/no-toolkit/bin/nvcc
-- RESULT gpus=[]
-- RESULT devices=[]
-- RESULT reason=[the GPU probe timed out after 1 s; nvidia-smi: not on PATH; __nvcc_device_query: not next to ${WORK}/no-toolkit/bin/nvcc]")
  math(EXPR took "${end} - ${start}")
  if(took GREATER 10)
    fail("[timeout] configure took ${took} s; the probe was not stopped after 1 s")
  endif()

# ---------------------------------------------------------------------------------------
elseif(CASE STREQUAL "override")
  fake_probe("${WORK}/probe" "cudaarch-probe|1" "${h200}" "status|ok|1 device")
  file(WRITE "${WORK}/gpus.cmake" "set(CUDAARCH_GPUS \"T4;A100\" CACHE STRING \"\")\n")
  configure(cache BUILD b1 ARGS "${probe_hook}" -C "${WORK}/gpus.cmake")
  expect_lines(cache "-- CudaArch: GPUs from CUDAARCH_GPUS (not detected): 75;80
-- RESULT gpus=[75;80]
-- RESULT devices=[-|7.5|-|-|-|-|-;-|8.0|-|-|-|-|-]
-- RESULT reason=[]")
  configure(env BUILD b2 ENV "CUDAARCH_GPUS=8.6+PTX sm_90 sm_86" ARGS "${probe_hook}")
  expect_lines(env "-- CudaArch: GPUs from the environment variable CUDAARCH_GPUS (not detected): 86;90
-- RESULT gpus=[86;90]
-- RESULT devices=[-|8.6|-|-|-|-|-;-|9.0|-|-|-|-|-]
-- RESULT reason=[]")
  configure(bad BUILD b3 ARGS "${probe_hook}" "-DCUDAARCH_GPUS=sm_91")
  expect_error(bad "cudaarch_detect: CUDAARCH_GPUS: ")
  count_probe_runs(runs)
  if(NOT runs EQUAL 0)
    fail("[override] the probe ran ${runs} times; an override must not detect")
  endif()

# ---------------------------------------------------------------------------------------
elseif(CASE STREQUAL "cache")
  fake_probe("${WORK}/probe" "cudaarch-probe|1" "${h200}" "status|ok|1 device")
  set(first "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by the probe: 90 (1 device)")
  set(rest "-- RESULT gpus=[90]
-- RESULT devices=[0|9.0|NVIDIA H200|132|143771|0000:3B:00.0|ok]
-- RESULT reason=[]")
  configure(c1 ARGS "${probe_hook}")
  expect_lines(c1 "${first}\n${rest}")
  configure(c2)
  expect_lines(c2 "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by the probe: 90 (1 device, cached)\n${rest}")
  count_probe_runs(runs)
  if(NOT runs EQUAL 1)
    fail("[cache] after two configures the probe ran ${runs} times, expected 1")
  endif()
  configure(c3 ENV CUDA_VISIBLE_DEVICES=0)
  expect_lines(c3 "${first}\n${rest}")
  configure(c4 ENV CUDA_VISIBLE_DEVICES=0)
  configure(c5 ENV CUDA_VISIBLE_DEVICES=0 ARGS -DCUDAARCH_DETECT_REFRESH=ON)
  expect_lines(c5 "${first}\n${rest}")
  count_probe_runs(runs)
  if(NOT runs EQUAL 3)
    fail("[cache] expected 3 probe runs (first, changed CUDA_VISIBLE_DEVICES, REFRESH), got ${runs}")
  endif()

# ---------------------------------------------------------------------------------------
elseif(CASE STREQUAL "machine_cache")
  # A fake /proc: the driver's version and one information file per GPU.
  set(proc "${WORK}/proc")
  file(WRITE "${proc}/driver/nvidia/version" "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.65.06  Sun Jul 27 2025\n")
  file(WRITE "${proc}/driver/nvidia/gpus/0000:3b:00.0/information" "Model: \t\t NVIDIA H200\nBus Location: \t 0000:3b:00.0\n")
  fake_probe("${WORK}/probe" "cudaarch-probe|1" "${h200}" "status|ok|1 device")
  set(cache "${WORK}/machine-cache")
  set(hooks "${probe_hook}" "-D_CUDAARCH_DETECT_PROC_ROOT=${proc}")
  set(rest "-- RESULT gpus=[90]
-- RESULT devices=[0|9.0|NVIDIA H200|132|143771|0000:3B:00.0|ok]
-- RESULT reason=[]")
  set(probed "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by the probe: 90 (1 device)\n${rest}")
  macro(expect_probe_runs count why)
    count_probe_runs(runs)
    if(NOT runs EQUAL ${count})
      fail("[machine_cache] ${why}: ${runs} probe runs, expected ${count}")
    endif()
  endmacro()

  # A fresh build tree probes and writes the cache; the next fresh one only reads it.
  configure(m1 BUILD m1 ENV "CUDAARCH_DETECT_CACHE_DIR=${cache}" ARGS ${hooks})
  expect_lines(m1 "${probed}")
  file(GLOB files "${cache}/detect-*.txt")
  list(LENGTH files count)
  if(NOT count EQUAL 1)
    fail("[machine_cache] expected one cache file, got: ${files}")
  endif()
  set(from "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by the probe: 90 (1 device, from the machine cache ${files})\n${rest}")
  configure(m2 BUILD m2 ENV "CUDAARCH_DETECT_CACHE_DIR=${cache}" ARGS ${hooks})
  expect_lines(m2 "${from}")
  configure(m2_again BUILD m2 ENV "CUDAARCH_DETECT_CACHE_DIR=${cache}" ARGS ${hooks})
  expect_lines(m2_again "${from}")
  expect_probe_runs(1 "a warm cache")

  # Never trusted across a changed fingerprint: another GPU, CUDA_VISIBLE_DEVICES, a file
  # whose fingerprint does not match; nor with CUDAARCH_DETECT_REFRESH, nor when off.
  file(WRITE "${proc}/driver/nvidia/gpus/0000:5e:00.0/information" "Model: \t\t NVIDIA H200\nBus Location: \t 0000:5e:00.0\n")
  configure(m3 BUILD m3 ENV "CUDAARCH_DETECT_CACHE_DIR=${cache}" ARGS ${hooks})
  expect_lines(m3 "${probed}")
  expect_probe_runs(2 "a second GPU in /proc")
  configure(m4 BUILD m4 ENV "CUDAARCH_DETECT_CACHE_DIR=${cache}" CUDA_VISIBLE_DEVICES=1 ARGS ${hooks})
  expect_lines(m4 "${probed}")
  expect_probe_runs(3 "CUDA_VISIBLE_DEVICES")
  file(GLOB files "${cache}/detect-*.txt")
  foreach(file IN LISTS files)
    file(READ "${file}" text)
    string(REGEX REPLACE "fingerprint=[0-9a-f]+" "fingerprint=0123" text "${text}")
    file(WRITE "${file}" "${text}")
  endforeach()
  configure(m5 BUILD m5 ENV "CUDAARCH_DETECT_CACHE_DIR=${cache}" ARGS ${hooks})
  expect_lines(m5 "${probed}")
  expect_probe_runs(4 "a file with another fingerprint")
  configure(m6 BUILD m6 ENV "CUDAARCH_DETECT_CACHE_DIR=${cache}" CUDAARCH_DETECT_REFRESH=1 ARGS ${hooks})
  expect_lines(m6 "${probed}")
  configure(m7 BUILD m7 ARGS ${hooks})
  expect_lines(m7 "${probed}")
  expect_probe_runs(6 "CUDAARCH_DETECT_REFRESH and CUDAARCH_DETECT_CACHE_DIR=OFF")

  # The default folder: $XDG_CACHE_HOME/cudaarch.
  configure(m8 BUILD m8 ENV --unset=CUDAARCH_DETECT_CACHE_DIR "XDG_CACHE_HOME=${WORK}/xdg" ARGS ${hooks})
  expect_probe_runs(7 "a cold cache under XDG_CACHE_HOME")
  file(GLOB files "${WORK}/xdg/cudaarch/detect-*.txt")
  if(NOT files)
    fail("[machine_cache] nothing written under XDG_CACHE_HOME=${WORK}/xdg")
  endif()

  # A probe that gives no answer is not kept. The GPUs are hidden, so that on a GPU runner
  # the fallback to nvcc's __nvcc_device_query finds none either.
  write_program("${WORK}/broken-probe" "exit 3")
  configure(m9 BUILD m9 ENV "CUDAARCH_DETECT_CACHE_DIR=${WORK}/broken-cache" CUDA_VISIBLE_DEVICES=-1
            ARGS "-D_CUDAARCH_DETECT_PROBE_COMMAND=${WORK}/broken-probe" "-D_CUDAARCH_DETECT_PROC_ROOT=${proc}")
  file(GLOB files "${WORK}/broken-cache/detect-*.txt")
  if(files OR NOT m9_flat MATCHES "detecting GPUs - none: the GPU probe exited with 3")
    fail("[machine_cache] a failed probe: files [${files}], output ${m9_flat}")
  endif()

  # Four configures at once on a cold cache: one probes, the others wait and read; every
  # file is whole and no temporary file is left.
  file(REMOVE_RECURSE "${cache}")
  set(commands "")
  foreach(i RANGE 1 4)
    # execute_process pipes each command into the next: each writes to its own log instead.
    list(APPEND commands COMMAND /bin/sh -c "exec \"\$@\" > '${WORK}/parallel${i}.log' 2>&1" sh "${CMAKE_COMMAND}" -E env --unset=CUDA_VISIBLE_DEVICES --unset=CUDAARCH_GPUS
         "PATH=${WORK}/empty" "CUDAARCH_DETECT_CACHE_DIR=${cache}" "${CMAKE_COMMAND}" -S "${project}"
         -B "${WORK}/parallel${i}" -G Ninja "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}" "-DCUDAARCH_ROOT=${ROOT}" ${hooks})
  endforeach()
  execute_process(${commands} RESULTS_VARIABLE results)
  expect_probe_runs(8 "four parallel configures")
  file(GLOB leftovers "${cache}/*.tmp")
  file(GLOB files "${cache}/detect-*.txt")
  list(LENGTH files count)
  if(NOT results STREQUAL "0;0;0;0" OR leftovers OR NOT count EQUAL 1)
    fail("[machine_cache] parallel configures: exit codes ${results}, files ${files}, left ${leftovers}")
  endif()

# ---------------------------------------------------------------------------------------
elseif(CASE STREQUAL "compile_failure")
  # A fake nvcc that lists compute_75 and rejects the flags; its output lands in the log.
  write_program("${WORK}/cuda/bin/nvcc" [=[
case "$*" in
  *--list-gpu-arch*) printf 'compute_75\ncompute_80\n' ;;
  *--version*) echo 'Cuda compilation tools, release 13.0, V13.0.88' ;;
  *) echo "nvcc fatal   : Unknown option '--no-such-flag'" >&2; exit 1 ;;
esac]=])
  configure(cf PATH "${WORK}/cuda/bin" ARGS "-DCMAKE_CUDA_FLAGS=--no-such-flag")
  set(log "${WORK}/build/CMakeFiles/CudaArch/detect/probe-build.log")
  set(why "the GPU probe failed to compile (see ${log}); nvidia-smi: not on PATH; __nvcc_device_query: not next to ${WORK}/cuda/bin/nvcc")
  expect_lines(cf "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${why}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${why}]")
  file(READ "${log}" text)
  if(NOT text MATCHES "--no-such-flag -arch=compute_75 -ptx -o [^\n]*/cudaarch_probe_kernel.cup\n[^\n]*--no-such-flag --cudart none -o [^\n]*/cudaarch_probe.cpp[^\n]*\nexit: 1;1\n.*Unknown option '--no-such-flag'")
    fail("[compile_failure] the log lacks the command or nvcc's error:\n${text}")
  endif()

# ---------------------------------------------------------------------------------------
elseif(CASE STREQUAL "arguments")
  function(expect_call_error call expected)
    file(WRITE "${WORK}/call.cmake" "list(APPEND CMAKE_MODULE_PATH \"${ROOT}/cmake\")\ninclude(CudaArch)\n${call}\n")
    execute_process(COMMAND "${CMAKE_COMMAND}" -P "${WORK}/call.cmake" RESULT_VARIABLE rc ERROR_VARIABLE err)
    string(REGEX REPLACE "[ \n]+" " " flat "${err}")
    string(FIND "${flat}" "${expected}" at)
    if(rc EQUAL 0 OR at EQUAL -1)
      fail("[arguments] ${call}: expected an error with '${expected}', got (${rc}):\n${err}")
      set(failures "${failures}" PARENT_SCOPE)
    endif()
  endfunction()
  set(usage "usage: cudaarch_detect(<out-var> [DEVICES <var>] [REASON <var>] [REQUIRED] [TIMEOUT <seconds>])")
  expect_call_error("cudaarch_detect()" "cudaarch_detect: missing <out-var>; ${usage}")
  expect_call_error("cudaarch_detect(REQUIRED)" "cudaarch_detect: missing <out-var>; ${usage}")
  expect_call_error("cudaarch_detect(x DEVICE d)" "cudaarch_detect: unknown argument 'DEVICE'; ${usage}")
  expect_call_error("cudaarch_detect(x REASON)" "cudaarch_detect: REASON needs a value; ${usage}")
  expect_call_error("cudaarch_detect(x TIMEOUT soon)" "cudaarch_detect: TIMEOUT must be a positive number of seconds up to 86400, not 'soon'")
  expect_call_error("cudaarch_detect(x TIMEOUT 0)" "cudaarch_detect: TIMEOUT must be a positive number of seconds up to 86400, not '0'")
  expect_call_error("cudaarch_detect(x TIMEOUT 99999999999999999999)" "cudaarch_detect: TIMEOUT must be a positive number of seconds up to 86400, not '99999999999999999999'")
  expect_call_error("cudaarch_detect(x TIMEOUT 86401)" "cudaarch_detect: TIMEOUT must be a positive number of seconds up to 86400, not '86401'")

# ---------------------------------------------------------------------------------------
# The PCI tier: without a driver (none, or the toolkit's stub) the GPUs of a fake sysfs tree
# answer, named as such, before anything the caller falls back to; CUDAARCH_DETECT_PCI=OFF
# (variable or environment) turns it off; a driver that answers is never second-guessed.
elseif(CASE STREQUAL "pci_tier")
  set(sysfs "${ROOT}/tests/cli/detect/sysfs")
  set(no_driver "no NVIDIA driver (the probe cannot load libcuda.so.1)")
  fake_probe("${WORK}/probe" "cudaarch-probe|1" "versions|0|13000|75" "status|no-driver|${no_driver}")
  configure(pci BUILD b1 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/several" ARGS "${probe_hook}")
  expect_lines(pci "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by PCI IDs: 75;86;90 (3 devices; from PCI IDs, not probed: no driver; unknown NVIDIA GPU (10de:2bff))
-- RESULT gpus=[75;86;90]
-- RESULT devices=[0|9.0|GH100 (10de:2335)|-|-|0000:3b:00.0|pci;1|8.6|GA102 (10de:2230)|-|-|0000:5e:00.0|pci;2|7.5|TU104 (10de:1eb8)|-|-|0000:86:00.0|pci]
-- RESULT reason=[]")
  set(none "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${no_driver}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${no_driver}]")
  configure(off BUILD b2 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/several" ARGS "${probe_hook}" -DCUDAARCH_DETECT_PCI=OFF)
  expect_lines(off "${none}")
  configure(off_env BUILD b3 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/several" CUDAARCH_DETECT_PCI=0 ARGS "${probe_hook}")
  expect_lines(off_env "${none}")
  configure(vendors BUILD b4 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/other_vendors" ARGS "${probe_hook}")
  expect_lines(vendors "${none}")
  configure(unknown BUILD b5 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/unknown_only" ARGS "${probe_hook}")
  set(why "${no_driver}; PCI IDs: unknown NVIDIA GPU (10de:2bff)")
  expect_lines(unknown "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${why}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${why}]")
  # A device the table does not name, placed by the chip a pci.ids gives it (made-up lines).
  configure(pci_ids BUILD b8 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/pci_ids"
    "CUDAARCH_PCI_IDS=${ROOT}/tests/cli/detect/pci_ids/pci.ids" ARGS "${probe_hook}")
  expect_lines(pci_ids "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by PCI IDs: 120 (1 device; from PCI IDs, not probed: no driver; unknown NVIDIA GPU (10de:2bfd); unknown NVIDIA GPU (10de:2bff); unknown NVIDIA GPU (10de:2bfc))
-- RESULT gpus=[120]
-- RESULT devices=[0|12.0|GB203 (10de:2bfe)|-|-|0000:02:00.0|pci]
-- RESULT reason=[]")
  fake_probe("${WORK}/probe" "cudaarch-probe|1" "versions|13000|13000|75"
    "status|stub-driver|libcuda.so.1 is the CUDA toolkit's stub library, not a driver (34:CUDA_ERROR_STUB_LIBRARY)")
  configure(stub BUILD b6 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/unreadable" ARGS "${probe_hook}")
  expect_lines(stub "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by PCI IDs: 80 (1 device; from PCI IDs, not probed: no driver)
-- RESULT gpus=[80]
-- RESULT devices=[0|8.0|GA100 (10de:20b2)|-|-|0000:17:00.0|pci]
-- RESULT reason=[]")
  fake_probe("${WORK}/probe" "cudaarch-probe|1" "versions|13000|13000|75"
    "status|no-device|no CUDA device is visible (100:CUDA_ERROR_NO_DEVICE)")
  configure(driver BUILD b7 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/several" ARGS "${probe_hook}")
  expect_lines(driver "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: the NVIDIA driver found no CUDA device
-- RESULT gpus=[]
-- RESULT devices=[]
-- RESULT reason=[the NVIDIA driver found no CUDA device]")

# ---------------------------------------------------------------------------------------
# Real probe, no driver on this machine (label nogpu): both build paths.
elseif(CASE STREQUAL "no_driver_nvcc" OR CASE STREQUAL "no_driver_cuda_language")
  configure_probe_build(nd)
  set(why "no NVIDIA driver (the probe cannot load libcuda.so.1)")
  expect_lines(nd "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${why}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${why}]")
  file(READ "${WORK}/build/CMakeFiles/CudaArch/detect/probe-run.log" text)
  if(NOT text MATCHES "versions\\|0\\|[0-9]+\\|75\n")
    fail("[${CASE}] the probe was not built for compute_75 or saw a driver:\n${text}")
  endif()

# ---------------------------------------------------------------------------------------
# The real probe, built by the real nvcc, against the stub driver (STUB_DIR holds it as
# libcuda.so.1; the loader finds it there first): device records, a launch that fails on a
# GPU older than the PTX, CUDA_VISIBLE_DEVICES, a stub library. Runs with or without a GPU.
elseif(CASE STREQUAL "stub_driver")
  set(stub REAL_NVCC ENV "LD_LIBRARY_PATH=${STUB_DIR}")
  set(gpus "CUDAARCH_STUB_DEVICES=9.0=NVIDIA H200=132=143771=3b,6.1=NVIDIA GeForce GTX 1080=20=8192=86")
  configure(two BUILD b1 ${stub} "${gpus}")
  # What this nvcc is: its CUDA version and oldest virtual architecture (13.0 and 75 for nvcc 13.0).
  execute_process(COMMAND "${NVCC}" --version OUTPUT_VARIABLE version)
  string(REGEX MATCH "release ([0-9]+)\\.([0-9]+)" version "${version}")
  set(cuda "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
  math(EXPR cuda_number "${CMAKE_MATCH_1} * 1000 + ${CMAKE_MATCH_2} * 10")
  math(EXPR older_driver "${CMAKE_MATCH_1} * 1000 - 1000 + 80")  # e.g. 12080 for nvcc 13.0
  execute_process(COMMAND "${NVCC}" --list-gpu-arch OUTPUT_VARIABLE virtual)
  string(REGEX MATCHALL "compute_[0-9]+" virtual "${virtual}")
  string(REPLACE "compute_" "" virtual "${virtual}")
  list(SORT virtual COMPARE NATURAL)
  list(GET virtual 0 oldest)
  set(why_1080 "compute capability 6.1 is older than compute_${oldest}, the oldest architecture CUDA ${cuda} targets: build for it with an older CUDA toolkit")
  expect_lines(two "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by the probe: 61;90 (2 devices; device 1 cannot run the probe kernel: ${why_1080})
-- RESULT gpus=[61;90]
-- RESULT devices=[0|9.0|NVIDIA H200|132|143771|0000:3B:00.0|ok;1|6.1|NVIDIA GeForce GTX 1080|20|8192|0000:86:00.0|209:CUDA_ERROR_NO_BINARY_FOR_GPU]
-- RESULT reason=[]")
  file(READ "${WORK}/b1/CMakeFiles/CudaArch/detect/probe-run.log" text)
  if(NOT text MATCHES "\nversions\\|13000\\|${cuda_number}\\|${oldest}\n")
    fail("[stub_driver] the probe did not report driver 13000, toolkit ${cuda_number} and compute_${oldest}:\n${text}")
  endif()
  configure(reordered BUILD b2 ${stub} "${gpus}" CUDA_VISIBLE_DEVICES=1,0)
  if(NOT reordered_lines MATCHES "RESULT devices=\\[0\\|6\\.1\\|NVIDIA GeForce GTX 1080\\|[^;]*;1\\|9\\.0\\|NVIDIA H200\\|")
    fail("[stub_driver] CUDA_VISIBLE_DEVICES=1,0 did not reorder the devices:\n${reordered_lines}")
  endif()
  set(hidden "every device is hidden by CUDA_VISIBLE_DEVICES='-1'")
  configure(none BUILD b3 ${stub} "${gpus}" CUDA_VISIBLE_DEVICES=-1)
  expect_lines(none "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${hidden}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${hidden}]")
  set(stub_why "libcuda.so.1 is the CUDA toolkit's stub library, not a driver")
  configure(stubbed BUILD b4 ${stub} "${gpus}" CUDAARCH_STUB_INIT_ERROR=34)
  expect_lines(stubbed "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${stub_why}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${stub_why}]")
  # A driver of an older CUDA major version than nvcc's: the toolkit's runtime would refuse
  # it, so the probe says so (the fallbacks' answer depends on the machine).
  configure(old BUILD b5 ${stub} "${gpus}" CUDAARCH_STUB_DRIVER_VERSION=${older_driver})
  file(READ "${WORK}/b5/CMakeFiles/CudaArch/detect/probe-run.log" text)
  if(NOT text MATCHES "\nversions\\|${older_driver}\\|${cuda_number}\\|${oldest}\nstatus\\|insufficient-driver\\|the driver is older than the toolkit's CUDA runtime\n")
    fail("[stub_driver] a CUDA ${older_driver} driver was not reported as insufficient:\n${text}")
  endif()

# ---------------------------------------------------------------------------------------
# Real GPU (label gpu): the probe end to end, with and without the CUDA language.
elseif(CASE STREQUAL "gpu_cuda_language" OR CASE STREQUAL "gpu_nvcc")
  configure_probe_build(g)
  message("${g_lines}")
  if(NOT g_rc EQUAL 0 OR NOT g_lines MATCHES "-- CudaArch: detecting GPUs - found by the probe: ([0-9;]+) \\(")
    fail("[${CASE}] the probe found no GPU:\n${g_out}")
  elseif(NOT CMAKE_MATCH_1 STREQUAL EXPECTED_GPUS)
    fail("[${CASE}] detected ${CMAKE_MATCH_1}, expected ${EXPECTED_GPUS}")
  elseif(NOT g_lines MATCHES "RESULT devices=\\[0\\|[0-9]+\\.[0-9]\\|[^|]+\\|[0-9]+\\|[0-9]+\\|[0-9A-Fa-f:.]+\\|ok[];]")
    fail("[${CASE}] device 0's record is incomplete or its launch failed:\n${g_lines}")
  elseif(g_lines MATCHES "\\|[0-9]+:CUDA_ERROR_")
    fail("[${CASE}] a probe launch failed:\n${g_lines}")
  endif()

elseif(CASE STREQUAL "gpu_machine_cache")
  # The real probe, then a fresh build tree answered by the machine-wide cache: same records,
  # and the real /proc/driver/nvidia files in the fingerprint.
  set(machine REAL_NVCC ENV "CUDAARCH_DETECT_CACHE_DIR=${WORK}/machine-cache")
  configure(cold BUILD cold ${machine})
  configure(warm BUILD warm ${machine})
  string(REGEX REPLACE "\\(([^)]*), from the machine cache [^)]*\\)" "(\\1)" warm_as_cold "${warm_lines}")
  if(NOT cold_lines MATCHES "-- CudaArch: detecting GPUs - found by the probe: ${EXPECTED_GPUS} \\(")
    fail("[${CASE}] the probe did not find ${EXPECTED_GPUS}:\n${cold_out}")
  elseif(NOT warm_lines MATCHES "from the machine cache ${WORK}/machine-cache/detect-[0-9a-f]+\\.txt\\)"
         OR NOT warm_as_cold STREQUAL cold_lines)
    fail("[${CASE}] the second tree did not get the same answer from the cache:\n${cold_lines}\n${warm_lines}")
  endif()

elseif(CASE STREQUAL "gpu_hidden")
  configure(h REAL_NVCC ENV CUDA_VISIBLE_DEVICES=-1)
  set(why "every device is hidden by CUDA_VISIBLE_DEVICES='-1'")
  expect_lines(h "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${why}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${why}]")

elseif(CASE STREQUAL "gpu_cli")
  execute_process(COMMAND "${CUDAARCH_EXE}" detect RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT rc EQUAL 0 OR NOT out MATCHES "\ncapabilities: ${EXPECTED_GPUS}\n$")
    fail("[gpu_cli] expected exit 0 and 'capabilities: ${EXPECTED_GPUS}', got (${rc}):\n${out}${err}")
  endif()

else()
  message(FATAL_ERROR "detect_cases.cmake: unknown CASE '${CASE}'")
endif()

if(failures)
  message(FATAL_ERROR "${failures}")
endif()
message("${CASE}: ok")
