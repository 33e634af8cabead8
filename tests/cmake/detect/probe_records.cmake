# SPDX-License-Identifier: Apache-2.0
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
