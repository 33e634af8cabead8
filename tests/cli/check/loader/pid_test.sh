#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# `cudaarch check --pid`: a Python process that has dlopened the sm_80-only library (as Python
# loads an extension module), judged from its /proc/PID/maps while it runs.
#   pid_test.sh <cudaarch> <python3> <library> <expected output>   ("<library>" stands in; the
#   summary line reads "process <pid>: <n> ELF files")
set -eu
cudaarch=$1
library=$3
expected=$4
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
# How many ELF files the interpreter maps depends on the machine: counted as <n>.
sed -E "s/^process $pid: [0-9]+ ELF files/process <pid>: <n> ELF files/" raw.out > actual.out
sed -e "s|<library>|$library|g" "$expected" > expected.out
if [ "$rc" -ne 1 ] || ! cmp -s expected.out actual.out; then
  echo "check --pid: exit $rc (expected 1)"; diff expected.out actual.out || true
  exit 1
fi
echo "check --pid $pid: as expected"
