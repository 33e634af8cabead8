#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every benchmark of docs/bench.md on the GPU machine, in one run, results under $OUT:
#   inspect.md, inspect-diagnostics.txt  bench/inspect.sh: every CUDA library and libtorch_cuda.so
#   configure.md, configure-profile.txt  bench/configure.sh: detection cost, machine cache cold/warm
#   fleet.md                             bench/fleet.sh: T4, A10, A100, L4, H100 build time and size
#   gpu.log                              what each step printed
# usage: OUT=<dir> bench/gpu.sh     (about 5 minutes on 16 cores; needs no network)
# Builds CudaArch (Release, no tests) into build-bench first; nvcc from PATH or /usr/local/cuda.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${OUT:?set OUT to the results folder}"
mkdir -p "$out"
command -v nvcc > /dev/null || export PATH="/usr/local/cuda/bin:$PATH"
exec > >(tee "$out/gpu.log") 2>&1
status=0
step() {
  echo "== $* ($(date -u +%H:%M:%S))"
  "$@" || { echo "== failed: $*"; status=1; }
}
step cmake -S "$root" -B "$root/build-bench" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUDAARCH_BUILD_TESTS=OFF
step cmake --build "$root/build-bench" -j "$(nproc)"
step env CUDAARCH="$root/build-bench/src/cudaarch" OUT="$out" RUNS=20 "$root/bench/inspect.sh"
step "$root/bench/configure.sh" "$out"
step "$root/bench/fleet.sh" "$root/build-bench" "$out"
echo "== done ($(date -u +%H:%M:%S)), status $status"
exit $status
