#!/usr/bin/env bash
# Fetches the toolkits the 'toolkits' tests run against into .deps/toolkits/<name>/ (idempotent):
# PyPI's nvcc 13.5 (a working nvcc), the ptxas of CUDA 11.8, 12.0, 12.4 and 12.9, and
# the CMake releases of the version matrix: 3.18 (the oldest the modules support), 3.22, 3.28,
# 3.31.6 and 3.31.10 (the last without and the first with a/f suffix validation), 4.0.3 and the
# newest 4.x.
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
)
for entry in "${wheels[@]}"; do
  read -r name requirement <<<"$entry"
  [ -f "$root/$name/.complete" ] && continue
  rm -rf "$root/$name" "$root/$name.download"
  python3 -m pip download --quiet --no-deps --only-binary=:all: -d "$root/$name.download" "$requirement"
  mkdir -p "$root/$name"
  (cd "$root/$name" && python3 -m zipfile -e "$root/$name.download"/*.whl .)
  rm -rf "$root/$name.download"
  # The wheels keep their tools in nvidia/<cu..>/bin or cmake/data/bin; make that one
  # predictable folder.
  bin=$(dirname "$(find "$root/$name" \( -name ptxas -o -name cmake \) -type f -path '*bin*' | head -n 1)")
  chmod +x "$bin"/*
  ln -sfn "$bin" "$root/$name/bin"
  touch "$root/$name/.complete"
done
