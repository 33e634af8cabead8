# SPDX-License-Identifier: Apache-2.0
# What every case of resolve/ starts with: the module, no GPU and no architectures from the
# environment, no machine-wide detection record, ${nvcc} a fake nvcc 13.0
# (tests/toolkits/fixtures/nvcc-13.0), and the detection's probe hook replaying a probe that
# finds no device; resolve_probe(two) replays one that finds an H200 and a GTX 1080 instead.
include("${CUDAARCH_MODULE}")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")
unset(ENV{CUDAARCH_GPUS})
unset(ENV{CUDA_VISIBLE_DEVICES})
set(ENV{CUDAARCH_DETECT_CACHE_DIR} OFF)
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")

# The probe's answers, replayed by `cmake -E cat` through the detection test hook.
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/probe-none.txt" "cudaarch-probe|1\nversions|13000|13000|75
status|no-device|no CUDA device is visible (100:CUDA_ERROR_NO_DEVICE)\n")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/probe-two.txt" "cudaarch-probe|1\nversions|13000|13000|75
device|0|9.0|132|150754820096|0000:3B:00.0|ok|NVIDIA H200
device|1|6.1|20|8589934592|0000:86:00.0|209:CUDA_ERROR_NO_BINARY_FOR_GPU|NVIDIA GeForce GTX 1080
why|1|compute capability 6.1 is older than compute_75, the oldest architecture CUDA 13.0 \
targets: build for it with an older CUDA toolkit\nstatus|ok|2 devices\n")

macro(resolve_probe probe)
  set(_CUDAARCH_DETECT_PROBE_COMMAND "${CMAKE_COMMAND}" -E cat "${CMAKE_CURRENT_BINARY_DIR}/probe-${probe}.txt")
endmacro()
resolve_probe(none)
