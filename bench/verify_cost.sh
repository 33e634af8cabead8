#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Cost of cudaarch_set_architectures(VERIFY) per target: builds examples/kernels (which
# calls it) against a CudaArch build tree, then reruns each target's verify step RUNS times.
# usage: bench/verify_cost.sh [BUILD_DIR] [RUNS]   (BUILD_DIR: a CudaArch build with the CLI,
# default build/ci; RUNS default 20). Prints ms per step, and per `cmake -E true` (the
# start-up of the cmake -P that runs the check) for scale.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
command -v nvcc > /dev/null || export PATH="/usr/local/cuda/bin:$PATH"  # the toolkit, when not on PATH
package="${1:-$root/build/ci}"
runs="${2:-20}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cmake -S "$root/examples/kernels" -B "$work/kernels" -G Ninja "-DCudaArch_DIR=$package" \
      -DCUDAARCH_ARCHITECTURES=all-major -DCUDAARCH_QUIET=ON > "$work/configure.log"
cmake --build "$work/kernels" > "$work/build.log"
ms() {  # ms per run of the command in $1
  local start end
  start=$(date +%s.%N)
  for _ in $(seq "$runs"); do bash -c "$1" > /dev/null; done
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" -v n="$runs" 'BEGIN { printf "%.1f", (e - s) * 1000 / n }'
}
echo "| step | ms per run |"
echo "|---|---|"
ninja -C "$work/kernels" -t commands cudaarch_verify | grep verify_linked.cmake | while read -r command; do
  target=$(sed -n 's/.*-DFILE=[^ ]*\/\([^/ ]*\) .*/\1/p' <<<"$command")
  echo "| verify $target | $(ms "$command") |"
done
echo "| cmake -E true | $(ms "cmake -E true") |"
