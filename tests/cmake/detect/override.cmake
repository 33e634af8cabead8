# SPDX-License-Identifier: Apache-2.0
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
