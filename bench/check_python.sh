#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `cudaarch check --python` over a Python environment against a cuobjdump loop over its ELF
# shared objects and against the read floor, in one run (issue 25's performance goals: at most
# 0.25 s warm, at least 100x the cuobjdump loop, within 2x the read floor).
# usage: bench/check_python.sh [PYTHON]       (default: python3)
#   CUDAARCH   cudaarch binary (default: build/ci/src/cudaarch)
#   CUOBJDUMP  cuobjdump binary (default: PATH, then $CUDA_HOME/bin)
#   GPU        the --gpu judged (default 9.0); DRIVER the --driver (default 580.159.04), so that
#              the driver is not asked: `check` without them pays for cuInit, timed apart
#   RUNS       timed runs of check (default 10); the cuobjdump loop runs once
#   OUT        also write the table to $OUT/check-python.md
#   BASELINE   another cudaarch binary (an earlier commit's) timed the same way in the same run,
#              alternating with CUDAARCH three times; prints both means and their ratio
# Warm: every file is read once first. The read floor is what bench/read_floor.c takes, with the
# best of 1, 2, 4, 8 and 16 threads, to read in one process the least that judging the files
# must read: for each ELF file, the ranges bench/read_ranges.py names for `inspect`'s default
# (all sections) mode; the site-packages' other files (RECORDs, METADATA) are not counted.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${1:-python3}"
cudaarch="$(realpath "${CUDAARCH:-$root/build/ci/src/cudaarch}")"
cuobjdump="${CUOBJDUMP:-$(command -v cuobjdump || true)}"
[[ -z "$cuobjdump" && -x "${CUDA_HOME:-/usr/local/cuda}/bin/cuobjdump" ]] && cuobjdump="${CUDA_HOME:-/usr/local/cuda}/bin/cuobjdump"
gpu="${GPU:-9.0}"
driver="${DRIVER:-580.159.04}"
runs="${RUNS:-10}"
[[ -x "$cudaarch" ]] || { echo "bench: $cudaarch not built" >&2; exit 2; }
[[ -n "$cuobjdump" ]] || { echo "bench: cuobjdump not found" >&2; exit 2; }
# The loop ignores cuobjdump's exit status (host-only files make it fail): a path that is not a
# cuobjdump would time nothing.
[[ -x "$cuobjdump" ]] && "$cuobjdump" --version > /dev/null || { echo "bench: $cuobjdump is not a cuobjdump that runs" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[[ -n "${OUT:-}" ]] && mkdir -p "$OUT"
source "$root/bench/spawn_stats.sh"
spawn_stats="$(build_spawn_stats "$work")"
[[ -n "$spawn_stats" ]] || { echo "bench: no C compiler for bench/spawn_stats.c" >&2; exit 2; }
cc -O2 -static -pthread -o "$work/read_floor" "$root/bench/read_floor.c" 2>/dev/null ||
  cc -O2 -pthread -o "$work/read_floor" "$root/bench/read_floor.c"

# The interpreter's site-packages, asked as check asks it, and the ELF shared objects in them.
mapfile -d '' -t sites < <("$python" -I -c "import os, sys, sysconfig
for n in sorted({sysconfig.get_path('purelib'), sysconfig.get_path('platlib')}):
    sys.stdout.buffer.write(os.fsencode(n) + b'\0')")
mapfile -t files < <(find "${sites[@]}" -type f -name '*.so*' 2>/dev/null | sort | python3 -c 'import sys
for path in sys.stdin.read().splitlines():
    with open(path, "rb") as f:
        if f.read(4) == b"\x7fELF": print(path)')
((${#files[@]})) || { echo "bench: no ELF shared objects in ${sites[*]}" >&2; exit 2; }
bytes=$(cat "${files[@]}" | wc -c)  # also warms the page cache for every tool alike

echo "python:    $python (${sites[*]})"
echo "cudaarch:  $cudaarch"
echo "cuobjdump: $cuobjdump ($("$cuobjdump" --version | tail -1))"
echo "machine:   $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"

# Every file's listing from one inspect, and every file's ranges from one read_ranges.py: a
# process per file took minutes over an environment's hundreds of files.
"$cudaarch" inspect --json "${files[@]}" > "$work/listing.json" 2>/dev/null || true
with_code=$(python3 -c 'import json, sys
files = json.load(open(sys.argv[1]))["files"]
print(sum(any(i["kind"] in ("SASS", "PTX") for i in f.get("images") or []) for f in files))' "$work/listing.json")
python3 "$root/bench/read_ranges.py" --scope all "$work/listing.json" "$work/ranges"
floor_args=()
for ((i = 0; i < ${#files[@]}; i++)); do
  [[ -f "$work/ranges.$i" ]] && floor_args+=("${files[$i]}" "$work/ranges.$i")
done

start=$(date +%s%N)
for f in "${files[@]}"; do "$cuobjdump" -lelf -lptx "$f" > /dev/null 2>&1 || true; done
loop_s=$(awk -v ns=$(($(date +%s%N) - start)) 'BEGIN { printf "%.3f", ns / 1e9 }')

read -r check_s check_kb < <("$spawn_stats" "$runs" "$cudaarch" check --gpu "$gpu" --driver "$driver" --python "$python")
read -r detect_s _ < <("$spawn_stats" 3 "$cudaarch" check --python "$python")
if [[ -n "${BASELINE:-}" ]]; then
  # Alternating rounds, so that a drift of the machine weighs on both binaries alike.
  ours=(); theirs=()
  for round in 1 2 3; do
    read -r s _ < <("$spawn_stats" "$runs" "$BASELINE" check --gpu "$gpu" --driver "$driver" --python "$python"); theirs+=("$s")
    read -r s _ < <("$spawn_stats" "$runs" "$cudaarch" check --gpu "$gpu" --driver "$driver" --python "$python"); ours+=("$s")
  done
  baseline_line="$(awk -v a="${ours[*]}" -v b="${theirs[*]}" 'BEGIN { n = split(a, x, " "); split(b, y, " ")
    for (i = 1; i <= n; i++) { sa += x[i]; sb += y[i]; la = la sprintf(" %.1f", x[i] * 1000); lb = lb sprintf(" %.1f", y[i] * 1000) }
    printf "check --python ms, alternating rounds: this%s; baseline%s; this/baseline %.2fx", la, lb, sa / sb }')"
fi
floor_s=""
for threads in 1 2 4 8 16; do
  ((threads <= $(nproc))) || break
  read -r s _ < <("$spawn_stats" "$runs" "$work/read_floor" "$threads" "${floor_args[@]}")
  if [[ -z "$floor_s" ]] || awk -v a="$s" -v b="$floor_s" 'BEGIN { exit !(a < b) }'; then floor_s="$s"; fi
done
"$cudaarch" check --gpu "$gpu" --driver "$driver" --python "$python" > "$work/check.out" 2>&1 || true

{
  echo "| ELF shared objects | GiB | with device code | cuobjdump loop s | check --python ms | faster | peak MiB | read floor ms | of the floor | check, driver asked, ms | goals |"
  echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  awk -v n="${#files[@]}" -v bytes="$bytes" -v code="$with_code" -v loop="$loop_s" -v check="$check_s" \
      -v kb="$check_kb" -v floor="$floor_s" -v detect="$detect_s" 'BEGIN {
    faster = loop / check; times = check / floor
    goals = ""
    if (check > 0.25) goals = goals " over 0.25 s;"
    if (faster < 100) goals = goals sprintf(" %.0fx < 100x;", faster)
    if (times > 2) goals = goals sprintf(" %.1fx the floor > 2x;", times)
    if (goals == "") goals = " met"
    printf "| %d | %.1f | %d | %.1f | %.1f | %.0fx | %.1f | %.1f | %.1fx | %.1f |%s |\n", n, bytes / 2^30, code, loop,
      check * 1000, faster, kb / 1024, floor * 1000, times, detect * 1000, goals }'
} | tee "${OUT:-$work}/check-python.md"
[[ -n "${BASELINE:-}" ]] && echo "$baseline_line (baseline: $BASELINE)" | tee -a "${OUT:-$work}/check-python.md"
echo
echo "check --gpu $gpu --driver $driver --python $python:"
cat "$work/check.out"
