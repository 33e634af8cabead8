#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build time of a mixed project (20 C++ and 5 CUDA sources, all-major) with the ways
# cudaarch_set_architectures can run nvcc:
#   off       CUDAARCH_NVCC_THREADS=OFF: one nvcc thread per compile, no job pool
#   cuda-pool the default under Ninja: --threads=N, and the job pool cudaarch_nvcc
#             (cores / N jobs) for the targets with CUDA sources only
#   all-pool  the same pool for every compile, C++ included (CudaArch before issue 11)
#   jobserver --threads=N --jobserver under GNU make 4.4+ (only where that make exists)
# usage: bench/mixed_threads.sh [RUNS]   (RUNS per variant, default 1; rows are appended to
# $OUT/mixed_threads.md when OUT is set). Needs cmake 3.19+, ninja, nvcc 13.0 on PATH or
# in /usr/local/cuda; builds nothing of CudaArch (the modules come from the source tree).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
command -v nvcc > /dev/null || export PATH="/usr/local/cuda/bin:$PATH"  # the toolkit, when not on PATH
runs="${1:-1}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cores=$(nproc)
src="$work/src"
mkdir -p "$src"
for i in $(seq 0 19); do
  cat > "$src/cxx_$i.cpp" <<CPP
// A C++ file with the compile cost of ordinary library code (regex and map instantiations).
#include <map>
#include <regex>
#include <string>
std::string cxx_$i(const std::string& text) {
  std::map<std::string, int> counts;
  std::regex word("[a-z]+$i");
  for (std::sregex_iterator it(text.begin(), text.end(), word), end; it != end; ++it) ++counts[it->str()];
  return std::regex_replace(text, word, std::to_string(counts.size()));
}
CPP
done
for i in $(seq 0 4); do
  cat > "$src/cuda_$i.cu" <<CU
// A CUDA file: a templated kernel instantiated for three types.
template <typename T>
__global__ void saxpy_$i(int n, T a, const T* x, T* y) {
  for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < n; k += blockDim.x * gridDim.x) y[k] = a * x[k] + y[k];
}
template __global__ void saxpy_$i<float>(int, float, const float*, float*);
template __global__ void saxpy_$i<double>(int, double, const double*, double*);
template __global__ void saxpy_$i<int>(int, int, const int*, int*);
CU
done
cat > "$src/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.19)
include("$root/cmake/CudaArch.cmake")
cudaarch_set_architectures(DEFAULT all-major)
project(mixed LANGUAGES CXX CUDA)
if(POOL_EVERYTHING)
  set(CMAKE_JOB_POOL_COMPILE cudaarch_nvcc)
endif()
file(GLOB cxx_sources "\${CMAKE_CURRENT_SOURCE_DIR}/*.cpp")
file(GLOB cuda_sources "\${CMAKE_CURRENT_SOURCE_DIR}/*.cu")
add_library(cxx STATIC \${cxx_sources})
add_library(kernels STATIC \${cuda_sources})
CMAKE

make_version=$(make --version 2>/dev/null | sed -n 's/^GNU Make \([0-9.]*\).*/\1/p' || true)
variants=(off cuda-pool all-pool)
if [[ -n "$make_version" ]] && printf '4.4\n%s\n' "$make_version" | sort -V -C; then
  variants+=(make-off jobserver)
fi
table="| cores | variant | generator | CUDA compile flags | build (s) |"$'\n'"|---|---|---|---|---|"
for variant in "${variants[@]}"; do
  args=(-S "$src" -DCMAKE_BUILD_TYPE=Release -DCUDAARCH_QUIET=ON -G Ninja)
  case $variant in
    off) args+=(-DCUDAARCH_NVCC_THREADS=OFF) ;;
    all-pool) args+=(-DPOOL_EVERYTHING=ON) ;;
    make-off) args=(-S "$src" -DCMAKE_BUILD_TYPE=Release -DCUDAARCH_QUIET=ON -G "Unix Makefiles" -DCUDAARCH_NVCC_THREADS=OFF) ;;
    jobserver) args=(-S "$src" -DCMAKE_BUILD_TYPE=Release -DCUDAARCH_QUIET=ON -G "Unix Makefiles") ;;
  esac
  generator=Ninja
  [[ $variant == make-off || $variant == jobserver ]] && generator="GNU make $make_version"
  best=""
  for run in $(seq "$runs"); do
    build="$work/build-$variant-$run"
    cmake "${args[@]}" -B "$build" > "$work/configure.log" 2>&1
    start=$(date +%s.%N)
    cmake --build "$build" -j "$cores" > "$work/build.log" 2>&1
    end=$(date +%s.%N)
    seconds=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }')
    if [[ -z "$best" ]] || awk -v a="$seconds" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$seconds; fi
  done
  flags=$(grep -o -- '--threads=[0-9]*\( --jobserver\)\?' "$build/build.ninja" "$build/CMakeFiles/kernels.dir/flags.make" 2>/dev/null | head -1 | sed 's/^[^:]*://' || true)
  table+=$'\n'"| $cores | $variant | $generator | ${flags:-none} | $best |"
done
echo "$table"
if [[ -n "${OUT:-}" ]]; then
  mkdir -p "$OUT"
  echo "$table" >> "$OUT/mixed_threads.md"
fi
