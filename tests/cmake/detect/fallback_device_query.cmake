# SPDX-License-Identifier: Apache-2.0
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
