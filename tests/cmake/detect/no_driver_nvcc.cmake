# SPDX-License-Identifier: Apache-2.0
# Real probe, no driver on this machine (label nogpu): both build paths.
configure_probe_build(nd)
set(why "no NVIDIA driver (the probe cannot load libcuda.so.1)")
expect_lines(nd "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${why}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${why}]")
file(READ "${WORK}/build/CMakeFiles/CudaArch/detect/probe-run.log" text)
if(NOT text MATCHES "versions\\|0\\|[0-9]+\\|75\n")
  fail("[${CASE}] the probe was not built for compute_75 or saw a driver:\n${text}")
endif()
