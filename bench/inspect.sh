#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Compares `cudaarch inspect` with `cuobjdump -lelf -lptx` on large libraries: wall time, peak
# RSS, and whether `inspect --cuobjdump` prints exactly what cuobjdump prints; one table row per
# library with the ratios and the goals of issue 15 (all sections >= 100x faster and <= 1/50 of
# the memory; --cuobjdump >= 200x faster).
# usage: bench/inspect.sh [LIBRARY...]
#   default libraries: every shared library in $CUDA_HOME/lib64 (each real file once) and
#   PyTorch's libtorch_cuda.so when python3 finds torch
#   OUT        also write the table to $OUT/inspect.md and diagnostics to $OUT/inspect-diagnostics.txt
#   CUDAARCH   cudaarch binary (default: build-inspect/src/cudaarch)
#   CUOBJDUMP  cuobjdump binary (default: PATH, $CUDA_HOME/bin, then the pip wheel)
#   RUNS       timed runs of cudaarch per library and mode (default 20; cuobjdump runs 5 times)
# Wall time is the mean of the runs with a warm page cache (each file is read once first);
# peak RSS is the largest "maximum resident set size" the kernel reports for a run.
# A goal gets no verdict where its budget (cuobjdump's time or memory over the ratio) is below the
# floor: what an empty C program, linked statically where the toolchain can, takes to start and
# exit on this machine, measured in the same run. No program can meet such a goal. Nor one whose
# budget is below the read floor: what bench/read_floor.c takes to read, with pread and the best of
# 1, 2, 4, 8 and 16 threads, the least that the mode must read of that library
# (bench/read_ranges.py: the headers, and for all sections every byte searched).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cuda="${CUDA_HOME:-/usr/local/cuda}"
cudaarch="${CUDAARCH:-$root/build-inspect/src/cudaarch}"
runs="${RUNS:-20}"
cuobjdump="${CUOBJDUMP:-$(command -v cuobjdump || true)}"
[[ -z "$cuobjdump" && -x "$cuda/bin/cuobjdump" ]] && cuobjdump="$cuda/bin/cuobjdump"
if [[ -z "$cuobjdump" ]]; then
  purelib="$(python3 -c "import sysconfig; print(sysconfig.get_paths()['purelib'])" 2>/dev/null || true)"
  [[ -x "$purelib/nvidia/cu13/bin/cuobjdump" ]] && cuobjdump="$purelib/nvidia/cu13/bin/cuobjdump"
fi
[[ -x "$cudaarch" ]] || { echo "bench: $cudaarch not built" >&2; exit 2; }
cudaarch="$(realpath "$cudaarch")"  # the runs below start in each library's folder
[[ -n "$cuobjdump" ]] || { echo "bench: cuobjdump not found" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "bench: /usr/bin/time (GNU time) not found" >&2; exit 2; }
if [[ $# -eq 0 ]]; then
  mapfile -t libraries < <(for f in "$cuda"/lib64/lib*.so*; do [[ -f $f ]] && readlink -f "$f"; done | sort -u |
    while read -r f; do [[ "$(head -c 4 "$f")" == $'\x7fELF' ]] && echo "$f"; done)
  torch_lib="$(python3 -c 'import importlib.util, os; s = importlib.util.find_spec("torch"); print(os.path.join(os.path.dirname(s.origin), "lib", "libtorch_cuda.so") if s else "")' 2>/dev/null || true)"
  [[ -n "$torch_lib" && -f "$torch_lib" ]] && libraries+=("$torch_lib")
  set -- "${libraries[@]}"
fi
out="${OUT:-}"
[[ -n "$out" ]] && mkdir -p "$out"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# ratio A B: A / B with one decimal below 10, else whole (no bc on bare machines).
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { r = (b > 0 ? a / b : 0); printf (r < 10 ? "%.1f" : "%.0f"), r }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
ms() { awk -v s="$1" 'BEGIN { printf "%.1f", s * 1000 }'; }
at_least() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }

# Times and peak RSS come from bench/spawn_stats.c where a C compiler can build it (the tools are
# spawned from a small process); else from a shell loop and GNU time, which add the shell's fork.
source "$root/bench/spawn_stats.sh"
spawn_stats="$(build_spawn_stats "$work")"

# mean_seconds N CMD...: mean wall time of N runs, output discarded.
mean_seconds() {
  local n="$1"; shift
  if [[ -n "$spawn_stats" ]]; then
    "$spawn_stats" "$n" "$@" | cut -d' ' -f1
    return
  fi
  "$@" >/dev/null 2>&1 || true  # warm-up
  local start end
  start=$(date +%s%N)
  for ((i = 0; i < n; i++)); do "$@" >/dev/null 2>&1 || true; done
  end=$(date +%s%N)
  awk -v ns=$((end - start)) -v n="$n" 'BEGIN { printf "%.5f\n", ns / n / 1e9 }'
}

# peak_kb CMD...: maximum resident set size in KiB.
peak_kb() {
  if [[ -n "$spawn_stats" ]]; then
    "$spawn_stats" 1 "$@" | cut -d' ' -f2
    return
  fi
  /usr/bin/time -f "%M" -o "$work/rss" "$@" >/dev/null 2>&1 || true
  tail -1 "$work/rss"
}

echo "cudaarch:  $cudaarch"
echo "cuobjdump: $cuobjdump ($("$cuobjdump" --version | tail -1))"
echo "harness:   $([[ -n "$spawn_stats" ]] && echo bench/spawn_stats.c || echo "shell loop and GNU time")"
echo "machine:   $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
printf 'int main(void) { return 0; }\n' > "$work/empty.c"
cc -O2 -static -o "$work/empty" "$work/empty.c" 2>/dev/null || cc -O2 -o "$work/empty" "$work/empty.c"
floor_s=$(mean_seconds "$((runs * 5))" "$work/empty")
floor_kb=$(peak_kb "$work/empty")
echo "floor:     $(ms "$floor_s") ms, $(mib "$floor_kb") MiB (an empty C program, $(file -b "$work/empty" | grep -o 'statically linked\|dynamically linked'))"

cc -O2 -static -pthread -o "$work/read_floor" "$root/bench/read_floor.c" 2>/dev/null ||
  cc -O2 -pthread -o "$work/read_floor" "$root/bench/read_floor.c"
# read_floor SCOPE LIBRARY: "<seconds> <KiB>", the fastest and the smallest of the thread counts.
# The library's listing is read from $work/listing.json, written once per library.
read_floor() {
  rm -f "$work/ranges.0"
  python3 "$root/bench/read_ranges.py" --scope "$1" "$work/listing.json" "$work/ranges" || return
  [[ -f "$work/ranges.0" ]] || return
  local threads best_s="" best_kb="" s kb
  for threads in 1 2 4 8 16; do
    ((threads <= $(nproc))) || break
    s=$(mean_seconds "$runs" "$work/read_floor" "$threads" "$2" "$work/ranges.0")
    kb=$(peak_kb "$work/read_floor" "$threads" "$2" "$work/ranges.0")
    if [[ -z "$best_s" ]] || ! at_least "$s" "$best_s"; then best_s="$s"; fi
    if [[ -z "$best_kb" ]] || ! at_least "$kb" "$best_kb"; then best_kb="$kb"; fi
  done
  echo "$best_s $best_kb"
}

# verdict GOAL RATIO NEEDED BUDGET FLOOR READ_FLOOR: nothing when the goal is met, else why not.
verdict() {
  if ! at_least "$4" "$5"; then echo " $1: below the floor;"; return; fi
  if ! at_least "$4" "$6"; then echo " $1: below the read floor;"; return; fi
  at_least "$2" "$3" || echo " $1 ${2}x < ${3}x;"
}
{
echo "| library | MB | images | cuobjdump ms | MiB | inspect ms | faster | less memory | read floor ms, MiB | --cuobjdump ms | faster | less memory | read floor ms | identical | goals |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"
for library in "$@"; do
  name="$(basename "$library")"
  dir="$(dirname "$library")"
  cat "$library" >/dev/null  # warm the page cache for every tool alike
  (cd "$dir" && "$cuobjdump" -lelf -lptx "$name" >"$work/cuobjdump.out" 2>"$work/cuobjdump.err" || true)
  (cd "$dir" && "$cudaarch" inspect --cuobjdump "$name" >"$work/inspect.out" 2>"$work/inspect.err" || true)
  identical=no
  cmp -s "$work/cuobjdump.out" "$work/inspect.out" && cmp -s "$work/cuobjdump.err" "$work/inspect.err" && identical=yes

  base_s=$(cd "$dir" && mean_seconds 5 "$cuobjdump" -lelf -lptx "$name")
  base_kb=$(cd "$dir" && peak_kb "$cuobjdump" -lelf -lptx "$name")
  all_s=$(cd "$dir" && mean_seconds "$runs" "$cudaarch" inspect "$name")
  all_kb=$(cd "$dir" && peak_kb "$cudaarch" inspect "$name")
  fat_s=$(cd "$dir" && mean_seconds "$runs" "$cudaarch" inspect --cuobjdump "$name")
  fat_kb=$(cd "$dir" && peak_kb "$cudaarch" inspect --cuobjdump "$name")
  (cd "$dir" && "$cudaarch" inspect "$name" >"$work/table.out" 2>&1 || true)
  images=$(sed -n '1s/.*: \([0-9]*\) images*$/\1/p' "$work/table.out")
  all_x=$(ratio "$base_s" "$all_s"); all_m=$(ratio "$base_kb" "$all_kb")
  fat_x=$(ratio "$base_s" "$fat_s"); fat_m=$(ratio "$base_kb" "$fat_kb")
  "$cudaarch" inspect --json "$library" > "$work/listing.json" 2>/dev/null || true
  read -r read_all_s read_all_kb < <(read_floor all "$library")
  read -r read_fat_s _ < <(read_floor fatbin "$library")
  goals="$(verdict "all sections" "$all_x" 100 "$(awk -v s="$base_s" 'BEGIN { print s / 100 }')" "$floor_s" "$read_all_s")"
  goals+="$(verdict "memory" "$all_m" 50 "$(awk -v k="$base_kb" 'BEGIN { print k / 50 }')" "$floor_kb" "$read_all_kb")"
  goals+="$(verdict "--cuobjdump" "$fat_x" 200 "$(awk -v s="$base_s" 'BEGIN { print s / 200 }')" "$floor_s" "$read_fat_s")"
  [[ "$identical" == yes ]] || goals+=" output differs;"
  goals="${goals:- met}"
  printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s, %s | %s | %s | %s | %s | %s |%s |\n" "$name" \
    "$(awk -v b="$(stat -c %s "$library")" 'BEGIN { printf "%.0f", b / 1e6 }')" "${images:-0}" \
    "$(ms "$base_s")" "$(mib "$base_kb")" "$(ms "$all_s")" "$all_x" "$all_m" "$(ms "$read_all_s")" "$(mib "$read_all_kb")" \
    "$(ms "$fat_s")" "$fat_x" "$fat_m" "$(ms "$read_fat_s")" "$identical" "$goals"
done
} | tee "${out:-$work}/inspect.md"

# Where the time of the default mode goes on the largest library, and how it scales with cores.
largest="$(ls -S "$@" | head -1)"
{
  echo "machine: $(nproc) cores, $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  echo "transparent hugepages: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)"
  echo "file system of $largest: $(stat -f -c %T "$largest")"
  command -v numactl > /dev/null && numactl --hardware | head -3
  for cpus in "" 0 0-1 0-3 0-7; do
    label="all cores"
    prefix=()
    [[ -n "$cpus" ]] && label="taskset -c $cpus" && prefix=(taskset -c "$cpus")
    /usr/bin/time -f "$label: %e s wall, %U s user, %S s system, %R minor faults, %M KiB" \
      "${prefix[@]}" "$cudaarch" inspect "$largest" > /dev/null 2>> "$work/time.txt" || true
    /usr/bin/time -f "$label --cuobjdump: %e s wall, %U s user, %S s system, %R minor faults, %M KiB" \
      "${prefix[@]}" "$cudaarch" inspect --cuobjdump "$largest" > /dev/null 2>> "$work/time.txt" || true
  done
  cat "$work/time.txt"
  if command -v perf > /dev/null; then
    perf stat -r 10 -e task-clock,page-faults,context-switches,cpu-migrations "$cudaarch" inspect "$largest" 2>&1 > /dev/null | grep -E "clock|faults|switches|migrations|elapsed|user|sys" || true
  fi
  if command -v strace > /dev/null; then
    strace -f -e trace=pread64 -o "$work/strace.txt" "$cudaarch" inspect "$largest" > /dev/null 2>&1 || true
    awk '/pread64/ { n++; split($0, a, "= "); s += a[2] } END { printf "pread: %d calls, %.1f MB\n", n, s / 1e6 }' "$work/strace.txt"
  fi
} 2>&1 | tee "${out:-$work}/inspect-diagnostics.txt"
