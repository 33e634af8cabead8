#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build time of examples/kernels per preset, with and without nvcc --threads.
# usage: bench/nvcc_threads.sh [BUILD_DIR]   (BUILD_DIR: a configured CudaArch build; default build/ci)
# Prints one Markdown table row per preset and setting: wall seconds of a clean build, and
# the cores it ran on.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
package="${1:-$root/build/ci}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "cores: $(nproc)"
echo "| preset | images | --threads | build wall time (s) |"
echo "|---|---|---|---|"
for preset in all-major all; do
  for threads in OFF default; do
    args=(-S "$root/examples/kernels" -B "$work/$preset-$threads" -G Ninja "-DCudaArch_DIR=$package"
          "-DCUDAARCH_ARCHITECTURES=$preset" -DCUDAARCH_QUIET=ON)
    [[ $threads == OFF ]] && args+=(-DCUDAARCH_NVCC_THREADS=OFF)
    cmake "${args[@]}" > "$work/configure.log" 2>&1
    # The project-wide list is the longest CUDAARCH_BUILT_FOR (the Hopper target has its own).
    images=$(grep -o 'CUDAARCH_BUILT_FOR=[^ ]*' "$work/$preset-$threads/build.ninja" | awk -F, '{ print NF }' | sort -n | tail -1)
    used=$(grep -o -- '--threads=[0-9]*' "$work/$preset-$threads/build.ninja" | head -1 || true)
    start=$(date +%s.%N)
    cmake --build "$work/$preset-$threads" > "$work/build.log" 2>&1
    end=$(date +%s.%N)
    awk -v p="$preset" -v i="$images" -v t="${used:-off}" -v s="$start" -v e="$end" 'BEGIN { printf "| %s | %s | %s | %.1f |\n", p, i, t, e - s }'
  done
done
