# SPDX-License-Identifier: Apache-2.0
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
