# SPDX-License-Identifier: Apache-2.0
# The real probe, built by the real nvcc, against the stub driver (STUB_DIR holds it as
# libcuda.so.1; the loader finds it there first): device records, a launch that fails on a
# GPU older than the PTX, CUDA_VISIBLE_DEVICES, a stub library. Runs with or without a GPU.
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
