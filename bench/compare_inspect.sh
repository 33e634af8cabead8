#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Compares two cudaarch builds on the same libraries in one run: mean wall time and peak RSS of
# `inspect` (all sections) and `inspect --cuobjdump`, runs interleaved so that load on the
# machine falls on both alike. For a change to the readers: BEFORE is the old build.
# usage: bench/compare_inspect.sh BEFORE AFTER [LIBRARY...]
#   default library: $CUDA_HOME/lib64/libcublasLt.so;  RUNS: runs per build and mode (default 20)
set -euo pipefail
before="$1"
after="$2"
shift 2
cuda="${CUDA_HOME:-/usr/local/cuda}"
runs="${RUNS:-20}"
[[ $# -gt 0 ]] || set -- "$cuda/lib64/libcublasLt.so"
[[ -x /usr/bin/time ]] || { echo "compare_inspect: /usr/bin/time (GNU time) not found" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

printf "%-20s %-12s %12s %12s %10s %10s\n" library mode before_ms after_ms after/before peak_MiB
for library in "$@"; do
  cat "$library" >/dev/null  # a warm page cache for both
  for mode in default --cuobjdump; do
    args=(inspect "$library")
    [[ "$mode" == --cuobjdump ]] && args=(inspect --cuobjdump "$library")
    cmp -s <("$before" "${args[@]}" 2>&1) <("$after" "${args[@]}" 2>&1) || echo "compare_inspect: outputs differ ($mode)" >&2
    declare -A total=([before]=0 [after]=0) peak=([before]=0 [after]=0)
    for ((i = 0; i < runs; i++)); do
      for which in before after; do
        binary="$before"
        [[ "$which" == after ]] && binary="$after"
        start=$EPOCHREALTIME
        /usr/bin/time -f "%M" -o "$work/t" "$binary" "${args[@]}" >/dev/null 2>&1 || true
        seconds=$(echo "$EPOCHREALTIME - $start" | bc -l)
        kib=$(tail -1 "$work/t")
        total[$which]=$(echo "${total[$which]} + $seconds" | bc -l)
        ((kib > peak[$which])) && peak[$which]=$kib
      done
    done
    b=$(echo "${total[before]} * 1000 / $runs" | bc -l)
    a=$(echo "${total[after]} * 1000 / $runs" | bc -l)
    printf "%-20s %-12s %12.1f %12.1f %10.2f %5.1f/%.1f\n" "$(basename "$library")" "$mode" "$b" "$a" \
      "$(echo "$a / $b" | bc -l)" "$(echo "${peak[before]} / 1024" | bc -l)" "$(echo "${peak[after]} / 1024" | bc -l)"
  done
done
