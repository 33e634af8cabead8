#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# `cudaarch check --pid` of a zombie: a child of `sleep`, which never collects it. Prints what
# check printed (stderr merged into stdout), the pid written <pid>, and exits with its status,
# for tests/cli/expect_output.cmake. Its files are written in the current folder.
#   pid_zombie.sh <cudaarch>
set -eu
cudaarch=$1
rm -f child
# Only builtins between the child's start and the exec: a command the shell waits for would let
# it collect the child too.
sh -c 'sleep 0.2 & echo $! > child; exec sleep 60' &
parent=$!
trap 'kill "$parent" 2>/dev/null' EXIT
tries=0
until grep -q '^[0-9]* (.*) Z ' "/proc/$(cat child 2>/dev/null)/stat" 2>/dev/null; do
  tries=$((tries + 1))
  [ "$tries" -lt 400 ] || { echo "no zombie after 20 s"; exit 1; }
  sleep 0.05
done
pid=$(cat child)
set +e
"$cudaarch" check --gpu 9.0 --pid "$pid" > raw.out 2>&1
rc=$?
set -e
sed "s/process $pid /process <pid> /g; s|/proc/$pid/|/proc/<pid>/|g" raw.out
exit "$rc"
