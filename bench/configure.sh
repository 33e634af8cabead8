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
# Then CudaArch's own share, without CMake's compiler checks: the same calls in a
# `project(LANGUAGES NONE)`, warm native and explicit 90 against no CudaArch.
# Then one profiled cold and one profiled warm configure (bench/cmake_profile.py), the
# probe's build (as detection runs it, and the one nvcc compile of a .cu probe it replaced)
# and its run, which make up most of a cold detection.
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

source "$root/bench/seconds.sh"
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
table() {  # table BASE VARIANT...: medians, the difference and ratio to BASE's, all runs
  local base="$1" variant m b
  shift
  b=$(median "$work/$base.times")
  echo "| variant | median (s) | over $base (s) | ratio to $base | all runs (s) |"
  echo "|---|---|---|---|---|"
  for variant in "$@"; do
    m=$(median "$work/$variant.times")
    awk -v v="$variant" -v m="$m" -v b="$b" -v all="$(tr '\n' ' ' < "$work/$variant.times")" \
      'BEGIN { printf "| %s | %.3f | %+.3f | %.2f | %s|\n", v, m, m - b, m / b, all }'
  done
}
{
  echo "machine: $(nproc) cores; $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1 || echo 'no nvidia-smi')"
  echo "cmake: $(cmake --version | head -1); nvcc: $("$nvcc" --version | tail -1); rounds: $rounds (median)"
  echo
  table explicit "${variants[@]}"
} | tee "$out/configure.md"

# CudaArch's own share, without CMake's CUDA compiler checks (seconds of noise on their
# own): the same calls in a `project(LANGUAGES NONE)` with the same nvcc, fresh trees,
# OWN_ROUNDS (15) rounds alternating, against that project without CudaArch.
mkdir -p "$work/own"
sed 's/LANGUAGES CUDA/LANGUAGES NONE/; /add_library/d' "$work/project/CMakeLists.txt" > "$work/own/CMakeLists.txt"
own() {  # own TREE ARGS...
  local tree="$1"; shift
  CUDAARCH_DETECT_CACHE_DIR="$work/own-cache" seconds cmake -S "$work/own" -B "$work/$tree" -G Ninja \
    "-DCMAKE_CUDA_COMPILER=$nvcc" "$@"
}
own own-fill -DUSE_CUDAARCH=ON -DCUDAARCH_ARCHITECTURES=native > /dev/null  # fills own-cache
own_variants=(own-none own-warm own-explicit)
for variant in "${own_variants[@]}"; do : > "$work/$variant.times"; done
for ((r = 1; r <= ${OWN_ROUNDS:-15}; r++)); do
  own "own-none-$r" >> "$work/own-none.times"
  own "own-warm-$r" -DUSE_CUDAARCH=ON -DCUDAARCH_ARCHITECTURES=native >> "$work/own-warm.times"
  grep -q "from the machine cache" "$work/last.log" || { echo "bench: own-warm probed" >&2; exit 1; }
  own "own-explicit-$r" -DUSE_CUDAARCH=ON -DCUDAARCH_ARCHITECTURES=90 >> "$work/own-explicit.times"
done
{
  echo
  echo "CudaArch's own time (project(LANGUAGES NONE), ${OWN_ROUNDS:-15} rounds, median):"
  echo
  table own-none "${own_variants[@]}"
} | tee -a "$out/configure.md"

# Where a cold detection goes, and where a warm one does (the machine cache the cold one
# filled): profiles of one fresh configure each.
for state in cold warm; do
  took=$(CUDAARCH_DETECT_CACHE_DIR="$work/profile-cache" seconds cmake -S "$work/project" -B "$work/profiled-$state" \
    -G Ninja "-DCMAKE_CUDA_COMPILER=$nvcc" -DUSE_CUDAARCH=ON -DCUDAARCH_ARCHITECTURES=native \
    --profiling-format=google-trace "--profiling-output=$work/profile-$state.json")
  if [[ $state == warm ]] && ! grep -q "from the machine cache" "$work/last.log"; then
    echo "bench: the warm profiled configure probed" >&2; exit 1
  fi
  echo "profile of one $state CudaArch native configure ($took s with profiling):"
  python3 "$root/bench/cmake_profile.py" "$work/profile-$state.json" 12
done | tee "$out/configure-profile.txt"
# The probe's build as cudaarch_detect runs it (internal/detect.cmake: two nvcc runs at once,
# the kernel .cup to PTX and the host program), against the build it replaced: one nvcc
# compile of a .cu file holding the same kernel and a host program (front end, device
# compiler, host compiler and link for the whole CUDA header set).
probe="$root/kernels/probe"
arch=$("$nvcc" --list-gpu-arch | sed -n 's/^compute_//p' | sort -n | head -1)
version=$("$nvcc" --version | sed -n 's/.*release \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' | awk '{ print $1 * 1000 + $2 * 10 }')
probe_build() {
  "$nvcc" "-arch=compute_$arch" -ptx -o "$work/probe.ptx" "$probe/cudaarch_probe_kernel.cup" & local kernel=$!
  "$nvcc" --cudart none -o "$work/probe" "$probe/cudaarch_probe.cpp" -ldl || return 1
  wait "$kernel"
}
cat > "$work/whole_probe.cu" <<'EOF2'
#include <cstdio>
__global__ void probe_kernel(int* out) { *out = 42; }
int main() {
    int* out = nullptr;
    if (cudaMalloc(&out, sizeof(int)) != cudaSuccess) return 1;
    probe_kernel<<<1, 1>>>(out);
    std::printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
EOF2
{
  for ((i = 1; i <= 3; i++)); do
    echo "probe build, as detection runs it (s): $(seconds probe_build)"
    echo "one nvcc compile of a .cu probe (the build before, s): $(seconds "$nvcc" "-arch=compute_$arch" -o "$work/whole_probe" "$work/whole_probe.cu")"
  done
  # The probe exits non-zero without a GPU; its time counts all the same.
  echo "probe run (s): $(for i in 1 2 3; do seconds sh -c "'$work/probe' '$work/probe.ptx' $version $arch || true"; done | tr '\n' ' ')"
  "$work/probe" "$work/probe.ptx" "$version" "$arch" || true
  "$nvcc" "-arch=compute_$arch" -ptx --time "$work/kernel-phases.csv" -o "$work/probe.ptx" "$probe/cudaarch_probe_kernel.cup"
  "$nvcc" --cudart none --time "$work/host-phases.csv" -o "$work/probe" "$probe/cudaarch_probe.cpp" -ldl
  "$nvcc" "-arch=compute_$arch" --time "$work/whole-phases.csv" -o "$work/whole_probe" "$work/whole_probe.cu"
  for phases in kernel host whole; do
    echo "nvcc phases, $phases (ms):"
    awk -F' *, *' 'NR > 1 { printf "  %-24s %s\n", $2, $7 }' "$work/$phases-phases.csv"
  done
} 2>&1 | tee -a "$out/configure-profile.txt"
