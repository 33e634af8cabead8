#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Replays recorded nvcc answers: fake-nvcc.sh <fixture folder> <one nvcc option>
# An option without a recorded answer fails as nvcc does for an unknown option.
# With CUDAARCH_FAKE_NVCC_LOG set, every call appends its option to that file.
dir=$1
shift
[ -n "${CUDAARCH_FAKE_NVCC_LOG:-}" ] && echo "$*" >> "$CUDAARCH_FAKE_NVCC_LOG"
case "$1" in
  --version) file=version.txt ;;
  --list-gpu-code) file=list-gpu-code.txt ;;
  --list-gpu-arch) file=list-gpu-arch.txt ;;
  --help) file=help.txt ;;
  *) file=none ;;
esac
if [ -f "$dir/$file" ]; then
  cat "$dir/$file"
  exit 0
fi
echo "nvcc fatal   : Unknown option '$1'" >&2
exit 1
