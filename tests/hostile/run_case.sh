#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs one row of the hostile-input table (cases.tsv) and checks its exit code and first words.
# usage: run_case.sh CASES NAME
# Environment: CUDAARCH (the CLI), CUDAARCH_DYNAMIC (the same, dynamically linked), CMAKE, SOURCE (the source tree), NVCC (a fixture nvcc),
# STUB_LIBCUDA (the stub driver), SHRINK_PRELOAD (shrink_preload.so), WORK (a scratch folder).
#
# A row, TAB-separated: name, class, input, stdout, limits, command, exit code, expected text.
#   input    what $INPUT is, made fresh for the run:
#              -               nothing ($INPUT is a path that does not exist)
#              fifo            a FIFO nobody writes to
#              sparse:SIZE     a sparse file of zeros (truncate -s SIZE)
#              copy:PATH       a copy of PATH (relative to the source tree)
#              shrink:PATH     PATH padded with zeros to 64 KiB, truncated to 0 bytes by
#                              shrink_preload.so right after the reader's first fstat of it;
#                              $CUDAARCH is CUDAARCH_DYNAMIC, as a static program ignores LD_PRELOAD
#              badname:PATH    a copy of PATH under a name that is not UTF-8
#   stdout   -: a file; full: /dev/full; closed: no descriptor 1 at all
#   limits   -, or `ulimit` options applied before the command (e.g. -v 262144: 256 MiB of
#            address space); every run also gets -t 60 (CPU seconds) and no core file. A token
#            rss<=KIB is no ulimit (Linux enforces none on RSS): the peak RSS that GNU time
#            measures must stay within it
#   command  shell words; $CUDAARCH, $CMAKE, $INPUT, $NVCC, $SOURCE, $WORK are set. CMake-side rows
#            run `$CMAKE -P $SOURCE/tests/hostile/<snippet>.cmake` or `$CMAKE -D... -P ...`.
#   expected what stderr starts with; `out:TEXT`: a line of stdout holds TEXT; `json:TEXT`:
#            stdout is strict UTF-8 JSON and stderr starts with TEXT. $INPUT and $WORK are expanded.
# Every run has CUDAARCH_LIBCUDA set to the stub driver with one H200, so rows do not depend on
# the machine's GPUs; a command may override it with `env`.
# Prints one line: NAME, class, exit code, peak RSS (KiB), and why it failed if it did.
set -uo pipefail
cases="$1"
name="$2"
row="$(awk -F'\t' -v n="$name" '$1 == n' "$cases")"
[[ -n "$row" ]] || { echo "run_case.sh: no row '$name' in $cases" >&2; exit 2; }
IFS=$'\t' read -r _ class input stdout_kind limits command want_rc expected <<<"$row"

WORK="$WORK/$name"
rm -rf "$WORK"
mkdir -p "$WORK"
INPUT="$WORK/input"
preload=()
case "$input" in
  -) ;;
  fifo) mkfifo "$INPUT" ;;
  sparse:*) truncate -s "${input#sparse:}" "$INPUT" ;;
  copy:*) cp "$SOURCE/${input#copy:}" "$INPUT" ;;
  shrink:*)
    cp "$SOURCE/${input#shrink:}" "$INPUT"
    truncate -s 64K "$INPUT"
    preload=(env "LD_PRELOAD=$SHRINK_PRELOAD" "CUDAARCH_TEST_SHRINK=$INPUT")
    CUDAARCH="$CUDAARCH_DYNAMIC"
    ;;
  badname:*) INPUT="$WORK/k"$'\xff\xfe'".o"; cp "$SOURCE/${input#badname:}" "$INPUT" ;;
  *) echo "run_case.sh: unknown input '$input'" >&2; exit 2 ;;
esac
export CUDAARCH CMAKE INPUT NVCC SOURCE WORK
export CUDAARCH_LIBCUDA="$STUB_LIBCUDA" CUDAARCH_STUB_DEVICES="9.0=NVIDIA H200"
unset CUDA_VISIBLE_DEVICES CUDAARCH_GPUS CTEST_RESOURCE_GROUP_COUNT

rss_limit=""
ulimits=()
for word in $limits; do
  case "$word" in
    -) ;;
    rss\<=*) rss_limit="${word#rss<=}" ;;
    *) ulimits+=("$word") ;;
  esac
done
eval "words=($command)"
timer=()
# GNU time's own output file would take the free descriptor 1 of a `closed` run.
[[ -x /usr/bin/time && "$stdout_kind" != closed ]] && timer=(/usr/bin/time -f %M -o "$WORK/rss")
(
  ulimit -c 0 -t 60
  [[ ${#ulimits[@]} -eq 0 ]] || ulimit "${ulimits[@]}"
  case "$stdout_kind" in
    full) exec >/dev/full ;;
    closed) exec >&- ;;
    *) exec >"$WORK/stdout" ;;
  esac
  exec "${timer[@]}" "${preload[@]}" "${words[@]}" 2>"$WORK/stderr"
)
rc=$?
[[ -f "$WORK/stdout" ]] || : >"$WORK/stdout"
rss="$(tail -1 "$WORK/rss" 2>/dev/null || echo n/a)"
expected="${expected//\$INPUT/$INPUT}"
expected="${expected//\$WORK/$WORK}"
stderr="$(cat "$WORK/stderr")"

why=""
if ((rc > 128)); then
  why="killed by signal $((rc - 128))"
elif [[ "$rc" != "$want_rc" ]]; then
  why="exit code $rc, expected $want_rc"
elif [[ -n "$rss_limit" && ( "$rss" == n/a || "$rss" -gt "$rss_limit" ) ]]; then
  why="peak RSS $rss KiB, limit $rss_limit KiB"
else
  case "$expected" in
    out:*)
      grep -qF -- "${expected#out:}" "$WORK/stdout" || why="no stdout line with '${expected#out:}'" ;;
    json:*)
      python3 -c 'import json,sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8", "strict"))' "$WORK/stdout" \
        2>"$WORK/json" || why="stdout is not strict UTF-8 JSON: $(tail -1 "$WORK/json")"
      [[ -n "$why" || "$stderr" == "${expected#json:}"* ]] || why="stderr does not start with '${expected#json:}'" ;;
    *) [[ "$stderr" == "$expected"* ]] || why="stderr does not start with '$expected'" ;;
  esac
fi
printf 'hostile %s: class=%s exit=%s peak_rss_kib=%s %s\n' "$name" "$class" "$rc" "$rss" "${why:-ok}"
if [[ -n "$why" ]]; then
  printf -- '--- stderr\n%s\n--- stdout\n' "$stderr"
  head -c 2000 "$WORK/stdout"
  exit 1
fi
