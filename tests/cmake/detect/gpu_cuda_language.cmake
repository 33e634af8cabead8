# SPDX-License-Identifier: Apache-2.0
# Real GPU (label gpu): the probe end to end, with and without the CUDA language.
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
