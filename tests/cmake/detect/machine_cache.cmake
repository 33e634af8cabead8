# SPDX-License-Identifier: Apache-2.0
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
