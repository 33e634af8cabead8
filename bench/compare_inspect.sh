#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Compares two cudaarch builds on the same libraries in one run: mean wall time and peak RSS of
# `inspect` (all sections) and `inspect --cuobjdump`, runs interleaved so that load on the
# machine falls on both alike. For a change to the readers: BEFORE is the old build.
# usage: bench/compare_inspect.sh BEFORE AFTER [LIBRARY...]
#   default library: $CUDA_HOME/lib64/libcublasLt.so;  RUNS: runs per build and mode (default 20)
#   OUT: also append the table to $OUT/compare_inspect.md
#   INSTRUCTIONS=1: also a table of the instructions each build runs (valgrind's callgrind, all
#     threads, user space only): the same from run to run, for a machine too loaded to time on
set -euo pipefail
before="$1"
after="$2"
shift 2
cuda="${CUDA_HOME:-/usr/local/cuda}"
runs="${RUNS:-20}"
[[ $# -gt 0 ]] || set -- "$cuda/lib64/libcublasLt.so"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
source "$(dirname "${BASH_SOURCE[0]}")/spawn_stats.sh"
spawn_stats="$(build_spawn_stats "$work")"
[[ -n "$spawn_stats" ]] || { echo "compare_inspect: no C compiler (cc) to build bench/spawn_stats.c" >&2; exit 2; }

{
echo "| library | mode | before ms | after ms | after / before | peak MiB before → after |"
echo "|---|---|---:|---:|---:|---|"
for library in "$@"; do
  cat "$library" >/dev/null  # a warm page cache for both
  for mode in default --cuobjdump; do
    args=(inspect "$library")
    [[ "$mode" == --cuobjdump ]] && args=(inspect --cuobjdump "$library")
    cmp -s <("$before" "${args[@]}" 2>&1) <("$after" "${args[@]}" 2>&1) || echo "compare_inspect: outputs differ ($mode)" >&2
    : > "$work/times"
    for ((i = 0; i < runs; i++)); do
      for which in before after; do
        binary="$before"
        [[ "$which" == after ]] && binary="$after"
        echo "$which $("$spawn_stats" 1 "$binary" "${args[@]}")" >> "$work/times"  # seconds, KiB
      done
    done
    awk -v name="$(basename "$library")" -v mode="$mode" '
      { seconds[$1] += $2; n[$1]++; if ($3 > kib[$1]) kib[$1] = $3 }
      END {
        b = seconds["before"] / n["before"] * 1e3; a = seconds["after"] / n["after"] * 1e3
        printf "| %s | %s | %.1f | %.1f | %.2f | %.1f → %.1f |\n", name, mode, b, a, a / b, kib["before"] / 1024, kib["after"] / 1024
      }' "$work/times"
  done
done
} | tee -a "${OUT:-$work}/compare_inspect.md"

[[ "${INSTRUCTIONS:-0}" == 1 ]] || exit 0
command -v valgrind >/dev/null || { echo "compare_inspect: INSTRUCTIONS=1 needs valgrind" >&2; exit 2; }
# instructions CMD...: what callgrind counts for one run.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
{
echo
echo "| library | mode | before instructions | after instructions | after / before |"
echo "|---|---|---:|---:|---:|"
for library in "$@"; do
  for mode in default --cuobjdump; do
    args=(inspect "$library")
    [[ "$mode" == --cuobjdump ]] && args=(inspect --cuobjdump "$library")
    awk -v name="$(basename "$library")" -v mode="$mode" -v b="$(instructions "$before" "${args[@]}")" \
      -v a="$(instructions "$after" "${args[@]}")" \
      'BEGIN { printf "| %s | %s | %.2f M | %.2f M | %.2f |\n", name, mode, b / 1e6, a / 1e6, (b > 0 ? a / b : 0) }'
  done
done
} | tee -a "${OUT:-$work}/compare_inspect.md"
