#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fresh-configure cost of GPU detection: CMake's own `native` and CudaArch's (machine-wide
# cache cold and warm) against an explicit architecture, in one run, as medians and ratios.
# usage: bench/configure.sh [OUT_DIR]   (default: $OUT, else a temporary folder)
#   ROUNDS  rounds of every variant (default 5); each configure uses a fresh build tree
#   NVCC    the nvcc (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc)
# Variants, in this order every round (one CUDA library, `project(LANGUAGES CUDA)`, Ninja):
#   explicit        plain CMake, -DCMAKE_CUDA_ARCHITECTURES=90 (the baseline)
#   cmake-native    plain CMake, -DCMAKE_CUDA_ARCHITECTURES=native
#   cold            CudaArch, CUDAARCH_ARCHITECTURES=native, a new machine-cache folder
#   warm            CudaArch, native, the folder `cold` just filled
#   warm-explicit   CudaArch, 90 (its report still asks the cache for the GPUs)
#   reconfigure     `cmake` again in the `warm` tree
# Then one profiled cold configure (bench/cmake_profile.py), and the probe's own compile and
# run times, which make up most of a cold detection.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-${OUT:-$(mktemp -d)}}"
rounds="${ROUNDS:-5}"
nvcc="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
[[ -x "$nvcc" ]] || { echo "bench: no nvcc (set NVCC)" >&2; exit 2; }
export PATH="$(dirname "$nvcc"):$PATH"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/project"
cat > "$work/project/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.18)
project(configure_bench LANGUAGES CUDA)
if(USE_CUDAARCH)
  include("$root/cmake/CudaArch.cmake")
  cudaarch_set_architectures()
endif()
add_library(k STATIC k.cu)
EOF
echo '__global__ void k(int* p) { *p = 1; }' > "$work/project/k.cu"

# seconds CMD...: wall time of one run, output to $work/last.log; fails the bench on error.
seconds() {
  local start end
  start=$(date +%s%N)
  if ! "$@" > "$work/last.log" 2>&1; then cat "$work/last.log" >&2; echo "bench: failed: $*" >&2; exit 1; fi
  end=$(date +%s%N)
  awk -v ns=$((end - start)) 'BEGIN { printf "%.3f\n", ns / 1e9 }'
}
configure() {  # configure TREE ARGS...
  local tree="$1"; shift
  seconds cmake -S "$work/project" -B "$work/$tree" -G Ninja "-DCMAKE_CUDA_COMPILER=$nvcc" "$@"
}

variants=(explicit cmake-native cold warm warm-explicit reconfigure)
# CMake's own native fails without a GPU: left out there (development machines).
nvidia-smi -L > /dev/null 2>&1 || variants=(explicit cold warm warm-explicit reconfigure)
for variant in "${variants[@]}"; do : > "$work/$variant.times"; done
for ((r = 1; r <= rounds; r++)); do
  cache="$work/machine-cache-$r"
  configure "explicit-$r" -DCMAKE_CUDA_ARCHITECTURES=90 >> "$work/explicit.times"
  if [[ " ${variants[*]} " == *" cmake-native "* ]]; then
    configure "native-$r" -DCMAKE_CUDA_ARCHITECTURES=native >> "$work/cmake-native.times"
  fi
  CUDAARCH_DETECT_CACHE_DIR="$cache" configure "cold-$r" -DUSE_CUDAARCH=ON -DCUDAARCH_ARCHITECTURES=native >> "$work/cold.times"
  grep -q "from the machine cache" "$work/last.log" && { echo "bench: the cold run used the cache" >&2; exit 1; }
  CUDAARCH_DETECT_CACHE_DIR="$cache" configure "warm-$r" -DUSE_CUDAARCH=ON -DCUDAARCH_ARCHITECTURES=native >> "$work/warm.times"
  grep -q "from the machine cache" "$work/last.log" || { echo "bench: the warm run probed" >&2; cat "$work/last.log" >&2; exit 1; }
  cp "$work/last.log" "$out/configure-warm.log"
  CUDAARCH_DETECT_CACHE_DIR="$cache" configure "warm-explicit-$r" -DUSE_CUDAARCH=ON -DCUDAARCH_ARCHITECTURES=90 >> "$work/warm-explicit.times"
  CUDAARCH_DETECT_CACHE_DIR="$cache" seconds cmake "$work/warm-$r" >> "$work/reconfigure.times"
done

median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
base=$(median "$work/explicit.times")
{
  echo "machine: $(nproc) cores; $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1 || echo 'no nvidia-smi')"
  echo "cmake: $(cmake --version | head -1); nvcc: $("$nvcc" --version | tail -1); rounds: $rounds (median)"
  echo
  echo "| variant | median (s) | over explicit (s) | ratio to explicit | all runs (s) |"
  echo "|---|---|---|---|---|"
  for variant in "${variants[@]}"; do
    m=$(median "$work/$variant.times")
    awk -v v="$variant" -v m="$m" -v b="$base" -v all="$(tr '\n' ' ' < "$work/$variant.times")" \
      'BEGIN { printf "| %s | %.3f | %+.3f | %.2f | %s|\n", v, m, m - b, m / b, all }'
  done
} | tee "$out/configure.md"

# Where a cold detection goes.
CUDAARCH_DETECT_CACHE_DIR="$work/profile-cache" seconds cmake -S "$work/project" -B "$work/profiled" -G Ninja \
  "-DCMAKE_CUDA_COMPILER=$nvcc" -DUSE_CUDAARCH=ON -DCUDAARCH_ARCHITECTURES=native \
  --profiling-format=google-trace "--profiling-output=$work/profile.json" > /dev/null
python3 "$root/bench/cmake_profile.py" "$work/profile.json" 12 | tee "$out/configure-profile.txt"
probe_source="$root/kernels/probe/cudaarch_probe.cu"
{
  echo "probe compile (nvcc -arch=compute_75, s): $(seconds "$nvcc" -arch=compute_75 -o "$work/probe" "$probe_source") $(seconds "$nvcc" -arch=compute_75 -o "$work/probe" "$probe_source")"
  # The probe exits non-zero without a GPU; its time counts all the same.
  echo "probe run (s): $(seconds sh -c "'$work/probe' || true") $(seconds sh -c "'$work/probe' || true") $(seconds sh -c "'$work/probe' || true")"
  "$nvcc" -arch=compute_75 --time "$work/phases.csv" -o "$work/probe" "$probe_source"
  echo "nvcc phases (ms):"
  awk -F' *, *' 'NR > 1 { printf "  %-24s %s\n", $2, $7 }' "$work/phases.csv"
} | tee -a "$out/configure-profile.txt"
