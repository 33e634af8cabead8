# SPDX-License-Identifier: Apache-2.0
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
