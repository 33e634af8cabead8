#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The real driver's answer beside `cudaarch check`'s verdict for the PTX-only image nvcc 13.5
# built (PTX ISA 9.5, tests/cli/check/fixtures) and for three images of this machine's nvcc: each is
# loaded with cuModuleLoadData (tests/cli/check/driver_load.cpp) on GPU 0, and check judges it for
# that GPU and the installed driver. On r580 (CUDA 13.0) the 13.5 image must give 222
# (CUDA_ERROR_UNSUPPORTED_PTX_VERSION) and check must say "fails (error 222)".
# Needs nvcc, CMake, Ninja, GoogleTest and a GPU; no network.
# usage: tests/gpu/ptx_driver_vs_check.sh [OUTDIR]    (default: $OUT, else ./ptx-driver-vs-check)
# Writes OUTDIR/ptx_driver_vs_check.txt (also printed); exit status 1 when they disagree.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-${OUT:-$PWD/ptx-driver-vs-check}}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

cmake -S "$root" -B "$out/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$out/configure.log" 2>&1
cmake --build "$out/build" --target cudaarch cudaarch_driver_load cudaarch_check_inputs >"$out/build.log" 2>&1
status=0
{
  nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader || echo "nvidia-smi: not available"
  ctest --test-dir "$out/build" -L gpu -R '^check\.driver_vs_check\.' -V 2>&1 |
    grep -E 'driver cuModuleLoadData|disagree|Passed|Failed|Skipped' || true
} | tee "$out/ptx_driver_vs_check.txt"
ctest --test-dir "$out/build" -L gpu -R '^check\.driver_vs_check\.' >/dev/null 2>&1 || status=1
exit $status
