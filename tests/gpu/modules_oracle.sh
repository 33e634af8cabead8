#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The module model against the driver (issue 25), per class: builds the classes of
# tests/cli/check/modules and the driver oracle, then for each class (and under
# CUDA_DISABLE_PTX_JIT and CUDA_FORCE_PTX_JIT) loads each module on GPU 0 (cuModuleLoadData,
# cuModuleGetFunction per kernel) beside `cudaarch check`'s answer for it. Needs nvcc, CMake,
# Ninja, Python and a GPU; no network. python_env_oracle.sh does the same for the libraries of
# a PyTorch environment.
# usage: tests/gpu/modules_oracle.sh [OUTDIR]    (default: $OUT, else ./modules-oracle)
# Writes OUTDIR/classes.md; exit status 1 when a module's answers differ.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-${OUT:-$PWD/modules-oracle}}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
source "$root/tests/gpu/oracle_tools.bash"
oracle_tools_build "$root" "$out"
m="$fixtures/modules"
python3 "$root/tests/gpu/modules_oracle.py" "$cudaarch" "$load" files "$m/two_units" "$m/vllm_like.so" \
  "$m/kernel_less.so" "$m/host_library.so" "$m/per_gpu_library.so" "$m/newer_kernels.so" "$m/ptx_only.fatbin" "$m/sass_only.fatbin" "$fixtures/mixed.a" "$fixtures/k80ptx.fatbin" \
  "CUDA_DISABLE_PTX_JIT=1,CUDA_CACHE_DISABLE=1@$m/ptx_only.fatbin" "CUDA_DISABLE_PTX_JIT=1,CUDA_CACHE_DISABLE=1@$m/two_units" "CUDA_DISABLE_PTX_JIT=1,CUDA_CACHE_DISABLE=1@$m/vllm_like.so" \
  "CUDA_FORCE_PTX_JIT=1@$m/sass_only.fatbin" "CUDA_FORCE_PTX_JIT=1@$m/ptx_only.fatbin" "CUDA_FORCE_PTX_JIT=1@$m/vllm_like.so" \
  2>"$out/classes-times.txt" | tee "$out/classes.md"
# A row that timed out or could not load proves nothing: it fails too.
! grep -q '| NO\|not reached\|timed out\|module_load rc' "$out/classes.md"
