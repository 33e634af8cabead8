#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The module model against the driver (issue 25): builds the classes of tests/cli/check/modules
# and the driver oracle, then for each class (and under CUDA_DISABLE_PTX_JIT and
# CUDA_FORCE_PTX_JIT) and for every library of the PyTorch environment's site-packages, loads
# each module on GPU 0 (cuModuleLoadData, cuModuleGetFunction per kernel) beside `cudaarch
# check`'s answer for it. Needs nvcc, CMake, Ninja, Python and a GPU; PyTorch for the second
# table; no network.
# usage: tests/gpu/modules_oracle.sh [OUTDIR]    (default: $OUT, else ./modules-oracle)
# Writes OUTDIR/classes.md, OUTDIR/libraries.md and OUTDIR/check_python_env.txt; exit status 1
# when a module's answers differ.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-${OUT:-$PWD/modules-oracle}}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

cmake -S "$root" -B "$out/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$out/configure.log" 2>&1
cmake --build "$out/build" --target cudaarch cudaarch-driver-query cudaarch_module_load cudaarch_check_module_inputs \
  cudaarch_check_inputs >"$out/build.log" 2>&1
cudaarch="$out/build/src/cudaarch"
load="$out/build/tests/cli/check/cudaarch_module_load"
f="$out/build/tests/cli/check/fixtures"
m="$f/modules"
nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader >"$out/gpu.txt" 2>&1 || true
python3 "$root/tests/gpu/modules_oracle.py" "$cudaarch" "$load" files "$m/two_units" "$m/vllm_like.so" \
  "$m/kernel_less.so" "$m/host_library.so" "$m/per_gpu_library.so" "$m/newer_kernels.so" "$m/ptx_only.fatbin" "$m/sass_only.fatbin" "$f/mixed.a" "$f/k80ptx.fatbin" \
  "CUDA_DISABLE_PTX_JIT=1,CUDA_CACHE_DISABLE=1@$m/ptx_only.fatbin" "CUDA_DISABLE_PTX_JIT=1,CUDA_CACHE_DISABLE=1@$m/two_units" "CUDA_DISABLE_PTX_JIT=1,CUDA_CACHE_DISABLE=1@$m/vllm_like.so" \
  "CUDA_FORCE_PTX_JIT=1@$m/sass_only.fatbin" "CUDA_FORCE_PTX_JIT=1@$m/ptx_only.fatbin" "CUDA_FORCE_PTX_JIT=1@$m/vllm_like.so" \
  | tee "$out/classes.md"
site=$(python3 -c 'import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))' 2>/dev/null || true)
if [ -n "$site" ]; then
  find "$site" -name '*.so*' -type f | sort >"$out/libraries.txt"
  "$cudaarch" check --gpu 9.0 $(cat "$out/libraries.txt") >"$out/check_python_env.txt" 2>&1 || true
  python3 "$root/tests/gpu/modules_oracle.py" "$cudaarch" "$load" libs "$site" <"$out/libraries.txt" | tee "$out/libraries.md"
fi
# A row that timed out or could not load proves nothing: it fails too.
! grep -q '| NO\|timed out\|module_load rc' "$out/classes.md" "$out/libraries.md" 2>/dev/null
