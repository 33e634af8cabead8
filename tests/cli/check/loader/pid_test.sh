#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# `cudaarch check --pid`: a Python process that has dlopened the sm_80-only library (as Python
# loads an extension module), judged from its /proc/PID/maps while it runs.
#   pid_test.sh <cudaarch> <python3> <library>
# Prints what check printed (stderr merged into stdout) and exits with its status, for
# tests/cli/expect_output.cmake to compare with the case's files; the summary line reads
# "process <pid>: <n> ELF files", as how many ELF files the interpreter maps depends on the machine.
set -eu
cudaarch=$1
library=$3
# The interpreter itself, not a launcher (pyenv's shims run it as a child).
python=$("$2" -c 'import sys; print(sys.executable)')
fifo=$(mktemp -u)
mkfifo "$fifo"
"$python" -c 'import ctypes, sys, time
ctypes.CDLL(sys.argv[1])
open(sys.argv[2], "w").write("ready\n")
time.sleep(60)' "$library" "$fifo" &
pid=$!
trap 'kill "$pid" 2>/dev/null; rm -f "$fifo"' EXIT
read -r ready < "$fifo"
set +e
"$cudaarch" check --gpu 9.0 --pid "$pid" > raw.out 2>&1
rc=$?
set -e
sed -E "s/^process $pid: [0-9]+ ELF files/process <pid>: <n> ELF files/" raw.out
exit "$rc"
