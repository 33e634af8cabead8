#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every benchmark of docs/bench.md on the GPU machine, in one run, results under $OUT:
#   inspect.md, inspect-diagnostics.txt  bench/inspect.sh: every CUDA library and libtorch_cuda.so
#   compare_inspect.md                   bench/compare_inspect.sh: the old memory-mapped reader
#                                        (commit 09b1d05) against this one on libcublasLt
#   configure.md, configure-profile.txt  bench/configure.sh: detection cost, machine cache cold/warm,
#                                        CudaArch's own time, profiles of a cold and a warm configure
#   fleet.md                             bench/fleet.sh: T4, A10, A100, L4, H100 build time and size
#   gpu.log                              what each step printed
# usage: OUT=<dir> bench/gpu.sh     (about 5 minutes on 16 cores; needs no network)
# Builds CudaArch (Release, no tests) into build-bench first; nvcc from PATH or /usr/local/cuda.
# The old reader is built from MMAP_SRC (default build-mmap-src: a copy of commit 09b1d05, made
# here with git archive when the repository's history is at hand; the GPU machine has none, so
# make it before: git archive --prefix=build-mmap-src/ 09b1d05 | tar -x).
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
mmap_src="${MMAP_SRC:-$root/build-mmap-src}"
if [[ ! -f "$mmap_src/CMakeLists.txt" ]] && git -C "$root" cat-file -e 09b1d05 2>/dev/null; then
  mkdir -p "$mmap_src" && git -C "$root" archive 09b1d05 | tar -x -C "$mmap_src"
fi
if [[ -f "$mmap_src/CMakeLists.txt" ]]; then
  step cmake -S "$mmap_src" -B "$root/build-bench-mmap" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUDAARCH_BUILD_TESTS=OFF
  step cmake --build "$root/build-bench-mmap" -j "$(nproc)" --target cudaarch
  step env OUT="$out" RUNS=20 "$root/bench/compare_inspect.sh" "$root/build-bench-mmap/src/cudaarch" "$root/build-bench/src/cudaarch"
else
  echo "== skipped: the old reader's source ($mmap_src) is missing"
  status=1
fi
step "$root/bench/configure.sh" "$out"
step "$root/bench/fleet.sh" "$root/build-bench" "$out"
echo "== done ($(date -u +%H:%M:%S)), status $status"
exit $status
