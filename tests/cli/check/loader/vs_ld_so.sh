#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The real loader finds the program's library where `cudaarch check` says: ld.so's own trace
# (ld.so --list, what ldd prints) beside the path check judged.
#   vs_ld_so.sh <cudaarch> <program> <library name>
set -eu
cudaarch=$1
program=$2
name=$3
ld_so=$(ls /lib64/ld-linux-*.so.* /lib/ld-linux-*.so.* 2>/dev/null | head -n 1 || true)
[ -n "$ld_so" ] || { echo "SKIP: no ld.so found"; exit 0; }
# "name => path (address)", or "path (address)" for a DT_NEEDED that is a path.
traced=$("$ld_so" --list "$program" |
  sed -n -e "s/^[[:space:]]*$name => \([^ ]*\) .*/\1/p" -e "s/^[[:space:]]*\([^ ]*\/$name\) (0x.*/\1/p")
judged=$("$cudaarch" check --json --gpu 9.0 "$program" | sed -n "s/.*\"path\": \"\([^\"]*\/$name\)\".*/\1/p")
echo "ld.so: $traced; check: $judged"
[ -n "$traced" ] && [ "$(realpath "$traced")" = "$(realpath "$judged")" ]
