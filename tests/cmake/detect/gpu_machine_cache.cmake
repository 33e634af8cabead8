# SPDX-License-Identifier: Apache-2.0
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
