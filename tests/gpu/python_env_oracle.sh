#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The module model against the driver (issue 25) on every library of the PyTorch environment of
# `python3`: each module of each file with device code under its site-packages loaded on GPU 0
# (cuModuleLoadData, cuModuleGetFunction per kernel) beside `cudaarch check`'s answer for it,
# the shards of all files on one pool of processes (tests/gpu/modules_oracle.py). Needs CMake,
# Ninja, PyTorch and a GPU; no network. Says "SKIP:" where python3 has no torch.
# usage: tests/gpu/python_env_oracle.sh [OUTDIR]    (default: $OUT, else ./python-env-oracle)
# Writes OUTDIR/libraries.md (and libraries-times.txt, each row's module_load seconds) and
# OUTDIR/check_python_env.txt (check over the same files); exit status 1 when a module's
# answers differ, or a row was not reached in ORACLE_SECONDS.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-${OUT:-$PWD/python-env-oracle}}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
site=$(python3 -c 'import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))' 2>/dev/null) ||
  { echo "SKIP: python3 has no torch, so no PyTorch environment to judge"; exit 0; }
source "$root/tests/gpu/oracle_tools.bash"
oracle_tools_build "$root" "$out"
find "$site" -name '*.so*' -type f | sort >"$out/libraries.txt"
"$cudaarch" check --gpu 9.0 $(cat "$out/libraries.txt") >"$out/check_python_env.txt" 2>&1 || true
python3 "$root/tests/gpu/modules_oracle.py" "$cudaarch" "$load" libs "$site" <"$out/libraries.txt" \
  2>"$out/libraries-times.txt" | tee "$out/libraries.md"
! grep -q '| NO\|not reached\|timed out\|module_load rc' "$out/libraries.md"
