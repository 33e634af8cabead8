#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# `cudaarch check --pid`: a Python process that has dlopened libraries (as Python loads an
# extension module), judged from its /proc/PID/maps while it runs.
#   pid_test.sh <cudaarch> <python3> "<check options>" <dir> <library>...
# The libraries are paths in <dir>. Prints what check printed (stderr merged into stdout) and
# exits with its status, for tests/cli/expect_output.cmake to compare with the case's files;
# the summary line reads "process <pid>: <n> ELF files", as how many ELF files the interpreter
# maps depends on the machine. Its files are written in the current folder.
set -eu
cudaarch=$1
# The interpreter itself, not a launcher (pyenv's shims run it as a child).
python=$("$2" -c 'import sys; print(sys.executable)')
options=$3
dir=$4
shift 4
fifo=$(mktemp -u)
mkfifo "$fifo"
"$python" -c 'import ctypes, sys, time
for library in sys.argv[3:]:
    ctypes.CDLL(sys.argv[2] + "/" + library)
open(sys.argv[1], "w").write("ready\n")
time.sleep(60)' "$fifo" "$dir" "$@" &
pid=$!
trap 'kill "$pid" 2>/dev/null; rm -f "$fifo"' EXIT
read -r ready < "$fifo"
set +e
# shellcheck disable=SC2086 # the options are words
"$cudaarch" check $options --pid "$pid" > raw.out 2>&1
rc=$?
set -e
sed -E "s/^process $pid: [0-9]+ ELF files/process <pid>: <n> ELF files/" raw.out
exit "$rc"
