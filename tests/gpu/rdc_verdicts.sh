#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the -rdc programs of tests/cli/check/rdc on this machine's GPU, each beside `cudaarch check`'s
# verdict for it and the runtime guard's (<cudaarch/runtime.hpp>, which each program but
# rdc_devrt calls on device 0), and says whether they agree: a program that runs is judged to
# run, and one that fails is judged to fail with its CUDA error (500 "named symbol not found" for
# -rdc, 209 otherwise); the guard must give check's verdict (native, link_sass, link_ptx,
# ptx_jit, or cannot_run with check's error). The first-launch times show the cost of each
# verdict (native vs load-time link vs JIT). Needs nvcc, CMake, Ninja and a GPU; no network.
# usage: tests/gpu/rdc_verdicts.sh [OUTDIR]    (default: $OUT, else ./rdc-verdicts)
#   NVCC  nvcc to build the programs with (default: PATH, then $CUDA_HOME/bin/nvcc)
# Writes OUTDIR/rdc_verdicts.txt (also printed); exit status 1 when a verdict disagrees.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-${OUT:-$PWD/rdc-verdicts}}"
nvcc="${NVCC:-$(command -v nvcc || echo "${CUDA_HOME:-/usr/local/cuda}/bin/nvcc")}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

cmake -S "$root" -B "$out/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUDAARCH_BUILD_TESTS=OFF >"$out/configure.log" 2>&1
cmake --build "$out/build" --target cudaarch cudaarch_runtime >"$out/build.log" 2>&1
cudaarch="$out/build/src/cudaarch"
guard="$out/build/src/libcudaarch_runtime.a $out/build/src/libcudaarch_verdict.a $out/build/src/libcudaarch_binary.a $out/build/src/libcudaarch_model.a -ldl -lpthread"
sh "$root/tests/cli/check/rdc/build.sh" "$nvcc" "$out/programs" "$guard" >"$out/programs.log" 2>&1

disagree=0
summary=""
{
  "$nvcc" --version | tail -1
  nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader || echo "nvidia-smi: not available"
  for program in rdc_native rdc_link_sass rdc_link_ptx rdc_none whole_none rdc_devrt; do
    echo "== $program"
    status=0
    times=""
    # Three starts: the first compiles any PTX into the driver's cache, the others reuse it.
    for run in 1 2 3; do
      status=0
      result="$(cd "$out/programs" && "./$program" 2>&1)" || status=$?
      echo "run $run (exit $status): $(echo "$result" | tr '\n' ';')"
      times="$times $(echo "$result" | sed -n 's/^first launch: \(.*\) ms$/\1/p')"
    done
    verdict_status=0
    verdict="$(cd "$out/programs" && "$cudaarch" check "$program" 2>&1)" || verdict_status=$?
    echo "cudaarch check (exit $verdict_status):"
    echo "$verdict" | sed 's/^/  /'
    error="$(echo "$result" | sed -n 's/^result: \([0-9]*\) .*/\1/p')"
    # The verdict line of the first GPU, cut before its reason.
    verdict_line="$(echo "$verdict" | sed -n '3p' | sed -E 's/^ *[0-9.]+( \([^)]*\))?: //; s/: runs, .*//; s/ with PTX ISA.*//; s/\): .*/)/')"
    # check --json's verdict and error for the first GPU (device 0, the one the guard judges),
    # in the guard's words: no_image is cannot_run, no error is 0.
    json="$(cd "$out/programs" && "$cudaarch" check --json "$program" 2>/dev/null | grep -m1 '"verdict"')" || true
    check_verdict="$(echo "$json" | sed -n 's/.*"verdict": "\([a-z_]*\)".*/\1/p' | sed 's/^no_image$/cannot_run/')"
    check_error="$(echo "$json" | sed -n 's/.*"error": \([0-9a-z]*\).*/\1/p' | sed 's/^null$/0/')"
    guard_line="$(echo "$result" | sed -n 's/^runtime guard: //p')"
    guard_verdict="${guard_line%%:*}"
    [[ -n "$guard_line" ]] && echo "runtime guard: $guard_line" || guard_verdict="(no guard)"
    summary="$summary$(printf '%-15s %-22s %-40s %-50s %s' "$program" "${times# }" "$(echo "$result" | sed -n 's/^result: //p')" "$verdict_line" "$guard_verdict")"$'\n'
    if [[ "$status" -eq 0 && "$verdict_status" -eq 0 ]] ||
       [[ "$status" -ne 0 && "$verdict_status" -eq 1 && "$verdict" == *"(error $error"* ]]; then
      echo "AGREE: the program $( [[ $status -eq 0 ]] && echo runs || echo "fails with $error"), and check says so"
    else
      echo "DISAGREE: program exit $status (CUDA error ${error:-?}), check exit $verdict_status"
      disagree=1
    fi
    if [[ -n "$guard_line" ]]; then
      if [[ "$guard_verdict" == "$check_verdict $check_error" ]]; then
        echo "AGREE: the runtime guard says $guard_verdict, as check does"
      else
        echo "DISAGREE: the runtime guard says $guard_verdict, check says $check_verdict $check_error"
        disagree=1
      fi
    fi
  done
  echo "== summary: program, first launch of runs 1-3 (ms), CUDA result, cudaarch check on the first GPU, runtime guard (verdict error)"
  echo -n "$summary"
  [[ $disagree -eq 0 ]] && echo "ALL AGREE" || echo "SOME DISAGREE"
} 2>&1 | tee "$out/rdc_verdicts.txt"
grep -q "^ALL AGREE" "$out/rdc_verdicts.txt"
