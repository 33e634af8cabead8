#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The configure report's driver rule on a real GPU and driver: tests/cmake/set_architectures/project
# configured for 80 (PTX only for a 9.0 GPU) with the real detection, once with the recorded
# nvcc 13.5 (tests/toolkits/fixtures/nvcc-13.5: PTX ISA 9.5) and once with this machine's
# nvcc. On r580 (CUDA 13.0, PTX ISA 9.0) GPU 0 must be reported as failing with error 222
# under nvcc 13.5, and as a PTX JIT under nvcc 13.0; tests/gpu/ptx_driver_vs_check.sh shows the
# real driver's 222 for nvcc 13.5's PTX beside `cudaarch check`.
# Needs CMake, a GPU and its driver; no network.
# usage: tests/gpu/report_driver_rule.sh [OUTDIR]    (default: $OUT, else ./report-driver-rule)
# Writes OUTDIR/report_driver_rule.txt (also printed); exit status 1 when a report line is wrong.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-${OUT:-$PWD/report-driver-rule}}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

cat >"$out/fake_nvcc.cmake" <<SCRIPT
include("$root/tests/toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.5 "$out/fake")
file(WRITE "$out/nvcc-13.5.path" "\${nvcc}")
SCRIPT
cmake -P "$out/fake_nvcc.cmake"
status=0
report() {  # <name> <nvcc> <expected text>
  CUDAARCH_DETECT_CACHE_DIR=OFF cmake -S "$root/tests/cmake/set_architectures/project" -B "$out/$1" \
    "-DCUDAARCH_TEST_NVCC=$2" "-DCUDAARCH_SOURCE_DIR=$root" -DDEFAULT=80 >"$out/$1.log" 2>&1 || true
  local line
  line="$(grep -m1 -- '-- CudaArch: GPU 0 ' "$out/$1.log" || echo "no GPU 0 line (see $out/$1.log)")"
  echo "$1: $line"
  case "$line" in
    *"$3"*) echo "$1: as expected" ;;
    *) echo "$1: WRONG, expected: $3"; status=1 ;;
  esac
}
{
  echo "driver: $(head -n1 /proc/driver/nvidia/version 2>/dev/null || echo 'no /proc/driver/nvidia/version')"
  report nvcc-13.5 "$(cat "$out/nvcc-13.5.path")" \
    "cannot run this build: its only image is PTX from nvcc 13.5 (PTX ISA 9.5), and driver"
  report nvcc-local "$(command -v nvcc)" "PTX JIT from compute_80"
} | tee "$out/report_driver_rule.txt"
grep -q "WRONG" "$out/report_driver_rule.txt" && status=1
exit $status
