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
#              site:KIND       a site-packages $WORK/site with one distribution, pkg-1.0, whose
#                              RECORD is hostile (make_site below); $INPUT is its RECORD.
#                              tests/hostile/python/answer is an interpreter that names it
#   stdout   -: a file; full: /dev/full; closed: no descriptor 1 at all
#   limits   -, or `ulimit` options applied before the command (e.g. -v 262144: 256 MiB of
#            address space); every run also gets -t 60 (CPU seconds) and no core file. A token
#            rss<=KIB is no ulimit (Linux enforces none on RSS): the peak RSS that GNU time
#            measures must stay within it. A token wall<=SECONDS runs the command under
#            `timeout -s KILL SECONDS`: a hang fails the row at once, not at the CTest TIMEOUT
#   command  shell words; $CUDAARCH, $CMAKE, $INPUT, $NVCC, $SOURCE, $WORK are set. CMake-side rows
#            run `$CMAKE -P $SOURCE/tests/hostile/<snippet>.cmake` or `$CMAKE -D... -P ...`.
#   expected what stderr starts with; `=TEXT`: stderr is TEXT exactly (\n a line break, each line
#            ended by one); `out:TEXT`: a line of stdout holds TEXT; `json:TEXT`: stdout is strict
#            UTF-8 JSON and stderr starts with TEXT; `error:TEXT`: stdout is a cudaarch.error/1
#            document whose error is TEXT exactly, stderr is empty. $INPUT, $WORK and $SOURCE are
#            expanded.
# A command may write the pids of processes it starts to $WORK/pids: each must be gone when it
# returns (a process left behind fails the row, and is killed).
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

# A site-packages $WORK/site whose distribution pkg-1.0 has a hostile RECORD ($INPUT):
#   plain        an empty RECORD
#   outside      names files outside the folder: by ../, by an absolute path, by a link
#   devices      names a FIFO, a link to a FIFO in the folder and a link to /dev/zero
#   record-zero  the RECORD is a link to /dev/zero
#   record-huge  the RECORD is a 4 GiB sparse file
#   names-huge   names a 4 GiB sparse file that starts with the ELF magic
#   scripts      names ../bin/tool, the launcher of an entry point its entry_points.txt declares,
#                and ../bin/other, which no entry point declares
make_site() {
  local site="$WORK/site" out="$WORK/outside"
  mkdir -p "$site/pkg" "$site/pkg-1.0.dist-info" "$out"
  INPUT="$site/pkg-1.0.dist-info/RECORD"
  printf 'Name: pkg\nVersion: 1.0\n\n' >"$site/pkg-1.0.dist-info/METADATA"
  printf '\177ELF\2\1\1' >"$out/libout.so"
  truncate -s 64 "$out/libout.so"
  case "$1" in
    outside)
      ln -s "$out/libout.so" "$site/pkg/liblink.so"
      printf 'pkg/__init__.py,,\n../outside/libout.so,,\n%s,,\npkg/liblink.so,,\npkg-1.0.dist-info/RECORD,,\n' \
        "$out/libout.so" >"$INPUT" ;;
    devices)
      mkfifo "$site/pkg/libfifo.so" "$site/pkg/fifo"
      ln -s fifo "$site/pkg/liblinkfifo.so"
      ln -s /dev/zero "$site/pkg/libzero.so"
      printf 'pkg/libfifo.so,,\npkg/liblinkfifo.so,,\npkg/libzero.so,,\n' >"$INPUT" ;;
    scripts)
      mkdir -p "$WORK/bin"
      printf '#!/bin/sh\n' | tee "$WORK/bin/tool" >"$WORK/bin/other"
      printf '[console_scripts]\ntool = pkg:main\n' >"$site/pkg-1.0.dist-info/entry_points.txt"
      printf 'pkg/__init__.py,,\n../bin/tool,,\n../bin/other,,\npkg-1.0.dist-info/RECORD,,\n' >"$INPUT" ;;
    plain) : >"$INPUT" ;;
    record-zero) ln -s /dev/zero "$INPUT" ;;
    record-huge) truncate -s 4G "$INPUT" ;;
    names-huge)
      cp "$out/libout.so" "$site/pkg/libbig.so"
      truncate -s 4G "$site/pkg/libbig.so"
      printf 'pkg/libbig.so,,\n' >"$INPUT" ;;
    *) echo "run_case.sh: unknown site '$1'" >&2; exit 2 ;;
  esac
}

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
  site:*) make_site "${input#site:}" ;;
  *) echo "run_case.sh: unknown input '$input'" >&2; exit 2 ;;
esac
export CUDAARCH CMAKE INPUT NVCC SOURCE WORK
export CUDAARCH_LIBCUDA="$STUB_LIBCUDA" CUDAARCH_STUB_DEVICES="9.0=NVIDIA H200"
unset CUDA_VISIBLE_DEVICES CUDAARCH_GPUS CTEST_RESOURCE_GROUP_COUNT

rss_limit=""
wall=()
ulimits=()
for word in $limits; do
  case "$word" in
    -) ;;
    rss\<=*) rss_limit="${word#rss<=}" ;;
    wall\<=*) wall=(timeout -s KILL "${word#wall<=}") ;;
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
  exec "${wall[@]}" "${timer[@]}" "${preload[@]}" "${words[@]}" 2>"$WORK/stderr"
)
rc=$?
left=()
for pid in $(cat "$WORK/pids" 2>/dev/null); do
  # A zombie is gone: killed, and waiting for an init that may never reap it (a container's).
  state="$(ps -o stat= -p "$pid" 2>/dev/null)"
  [[ -n "$state" && "$state" != Z* ]] && left+=("$pid") && kill -KILL "$pid"
done
[[ -f "$WORK/stdout" ]] || : >"$WORK/stdout"
rss="$(tail -1 "$WORK/rss" 2>/dev/null || echo n/a)"
expected="${expected//\$INPUT/$INPUT}"
expected="${expected//\$WORK/$WORK}"
expected="${expected//\$SOURCE/$SOURCE}"
stderr="$(cat "$WORK/stderr")"

why=""
if ((${#wall[@]} && rc == 137)); then
  why="still running after ${wall[3]} s (a hang), killed"
elif ((${#left[@]})); then
  why="processes it started are still running: ${left[*]}"
elif ((rc > 128)); then
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
    error:*)
      python3 - "$WORK/stdout" "${expected#error:}" <<'PY' 2>"$WORK/json" || why="$(tail -1 "$WORK/json")"
import json, sys
document = json.loads(open(sys.argv[1], "rb").read().decode("utf-8", "strict"))
if document.get("schema") != "cudaarch.error/1" or document.get("error") != sys.argv[2]:
    sys.exit(f"not the error document of {sys.argv[2]!r}: {document!r}")
PY
      [[ -n "$why" || -z "$stderr" ]] || why="stderr is not empty" ;;
    =*)
      want="${expected#=}"
      [[ "$stderr" == "${want//\\n/$'\n'}" ]] || why="stderr is not exactly '$want'" ;;
    *) [[ "$stderr" == "$expected"* ]] || why="stderr does not start with '$expected'" ;;
  esac
fi
printf 'hostile %s: class=%s exit=%s peak_rss_kib=%s %s\n' "$name" "$class" "$rc" "$rss" "${why:-ok}"
if [[ -n "$why" ]]; then
  printf -- '--- stderr\n%s\n--- stdout\n' "$stderr"
  head -c 2000 "$WORK/stdout"
  exit 1
fi
