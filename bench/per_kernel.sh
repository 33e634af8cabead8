#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Architectures per kernel against one list for every kernel, in one run: the vLLM-shaped
# example (examples/vllm_like) built for TORCH_CUDA_ARCH_LIST "8.0 8.6 8.9 9.0 10.0 12.0" with
# PER_KERNEL=ON (each family its part of the request) and OFF (every family the whole list),
# build time and fat-binary size (.nv_fatbin of lib_C.so) as medians and ratios; then the
# configure cost per target of cudaarch_target_architectures(<t> SUPPORTED …) and of
# cudaarch_target_architectures(<t> <list>) against the latter with the modules of BASE (today's),
# in a project of TARGETS targets.
# usage: bench/per_kernel.sh [OUT_DIR]   (default: $OUT, else a temporary folder)
#   ROUNDS   rounds of every variant (default 3); each uses a fresh build tree
#   JOBS     build jobs (default: the cores)
#   TARGETS  targets of the configure project (default 40)
#   NVCC     the nvcc (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc)
#   CUDAARCH_DIR  a CudaArch build tree with the cudaarch tool (default: build/ci), for VERIFY
#   CONFIGURE_ONLY=1  only the configure cost (no example builds)
#   BASE     the git revision, or a folder holding cmake/ and kernels/, whose modules are today's (default: main)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-${OUT:-$(mktemp -d)}}"
rounds="${ROUNDS:-3}"
configure_only="${CONFIGURE_ONLY:-0}"
jobs="${JOBS:-$(nproc)}"
targets="${TARGETS:-40}"
nvcc="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
package="${CUDAARCH_DIR:-$root/build/ci}"
[[ -x "$nvcc" ]] || { echo "bench: no nvcc (set NVCC)" >&2; exit 2; }
[[ -f "$package/CudaArchConfig.cmake" ]] || { echo "bench: no CudaArch build tree at $package (set CUDAARCH_DIR)" >&2; exit 2; }
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
list="8.0 8.6 8.9 9.0 10.0 12.0"
# Today's modules and the probe's sources they build (kernels/): a git revision, or a folder
# holding both (the GPU machine's copied tree has no history); without either, this tree's stand
# in, and say so.
base="${BASE:-main}"
mkdir -p "$work/base"
if [[ -d "$base/cmake" ]]; then
  cp -r "$base/cmake" "$base/kernels" "$work/base/"
elif ! git -C "$root" archive "$base" cmake kernels 2> /dev/null | tar -x -C "$work/base" 2> /dev/null; then
  base="this tree (no git revision ${BASE:-main} here)"
  cp -r "$root/cmake" "$root/kernels" "$work/base/"
fi

source "$root/bench/seconds.sh"
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for variant in per-kernel one-list; do : > "$work/$variant.build"; done
for ((r = 1; r <= rounds && !configure_only; r++)); do
  for variant in per-kernel one-list; do
    tree="$work/vllm-$variant-$r"
    per_kernel=ON
    [[ "$variant" == one-list ]] && per_kernel=OFF
    seconds cmake -S "$root/examples/vllm_like" -B "$tree" -G Ninja "-DCMAKE_CUDA_COMPILER=$nvcc" \
      "-DCudaArch_DIR=$package" "-DTORCH_CUDA_ARCH_LIST=$list" "-DPER_KERNEL=$per_kernel" -DCUDAARCH_QUIET=ON > /dev/null
    seconds cmake --build "$tree" -j "$jobs" >> "$work/$variant.build"
    python3 "$root/bench/elf_section_size.py" "$tree/lib_C.so" > "$work/$variant.size"
    "$package/src/cudaarch" inspect "$tree/lib_C.so" > "$out/vllm-$variant.images.txt"
  done
done

# The configure project: TARGETS C++ libraries given their architectures one way or the other,
# after one cudaarch_set_architectures; and the same with one target given none, whose time is
# taken off: with today's modules for today's form (none-base), as the two module sets' own
# fixed cost (include, cudaarch_set_architectures) differs and is no cost per target.
mkdir -p "$work/targets"
cat > "$work/targets/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.18)
project(per_kernel_configure LANGUAGES CXX)
include("\${MODULES}/CudaArch.cmake")
set(CUDAARCH_QUIET ON)
cudaarch_set_architectures(DEFAULT "$list" COMPILER "$nvcc")
file(WRITE "\${CMAKE_CURRENT_BINARY_DIR}/k.cpp" "")
foreach(i RANGE 1 \${TARGETS})
  add_library(k\${i} STATIC "\${CMAKE_CURRENT_BINARY_DIR}/k.cpp")
  if(FORM STREQUAL "supported")
    cudaarch_target_architectures(k\${i} SUPPORTED 8.0 9.0a 10.0a COMPILER "$nvcc")
  elseif(FORM MATCHES "^list")
    cudaarch_target_architectures(k\${i} \${CUDAARCH_ARCHITECTURES_RESOLVED} COMPILER "$nvcc")
  endif()
endforeach()
EOF
forms=(none-base none list-base list supported)
for form in "${forms[@]}"; do : > "$work/configure-$form"; done
for ((r = 1; r <= rounds; r++)); do
  for form in "${forms[@]}"; do
    n="$targets"
    [[ "$form" == none* ]] && n=1
    modules="$root/cmake"
    [[ "$form" == *-base ]] && modules="$work/base/cmake"
    seconds cmake -S "$work/targets" -B "$work/configure-$form-$r" -G Ninja "-DTARGETS=$n" "-DFORM=$form" \
      "-DMODULES=$modules" >> "$work/configure-$form"
  done
done

{
  echo "# bench/per_kernel.sh: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $("$nvcc" --version | tail -1), rounds $rounds, -j $jobs"
  echo "# vLLM-shaped example, TORCH_CUDA_ARCH_LIST=\"$list\""
  if ((!configure_only)); then
    printf "%-12s %10s %14s\n" variant build_s fatbin_bytes
    for variant in per-kernel one-list; do
      printf "%-12s %10s %14s\n" "$variant" "$(median "$work/$variant.build")" "$(cat "$work/$variant.size")"
    done
    awk -v a="$(median "$work/per-kernel.build")" -v b="$(median "$work/one-list.build")" \
        -v sa="$(cat "$work/per-kernel.size")" -v sb="$(cat "$work/one-list.size")" \
        'BEGIN { printf "ratio per-kernel/one-list: build %.2f, fat binary %.2f\n", a / b, sa / sb }'
  fi
  echo "# configure, $targets targets (median s; per target = (total - no target, same modules) / $targets)"
  none="$(median "$work/configure-none")"
  none_base="$(median "$work/configure-none-base")"
  printf "%-10s total %.3f s (today's modules %.3f s)\n" none "$none" "$none_base"
  for form in list-base list supported; do
    z="$none"
    [[ "$form" == list-base ]] && z="$none_base"
    awk -v t="$(median "$work/configure-$form")" -v z="$z" -v n="$targets" -v f="$form" \
        'BEGIN { printf "%-10s total %.3f s, per target %.1f ms\n", f, t, (t - z) / n * 1000 }'
  done
  awk -v b="$(median "$work/configure-list-base")" -v l="$(median "$work/configure-list")" \
      -v s="$(median "$work/configure-supported")" -v z="$none" -v zb="$none_base" -v base="$base" \
      'BEGIN { printf "ratio per target against today (%s): <list> %.3f, SUPPORTED %.3f\n", base, (l - z) / (b - zb), (s - z) / (b - zb) }'
} | tee "$out/per_kernel.txt"
