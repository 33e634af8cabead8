#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build time and fat-binary size of examples/kernels for one fleet (T4, A10, A100, L4, H100 by
# default) under the fleet selector's two objectives and under all-major, in one run.
# usage: bench/fleet.sh PACKAGE_DIR [OUT_DIR]
#   PACKAGE_DIR  a configured and built CudaArch build tree (find_package(CudaArch) reads it)
#   OUT_DIR      default: $OUT, else a temporary folder
#   FLEET        the GPUs (default "T4;A10;A100;L4;H100"); ROUNDS clean builds each (default 3)
# Size: the .nv_fatbin section of the linked cudaarch_kernel_check program (its device code;
# the Hopper file adds its own sm_90a image to every variant alike).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
package="$(cd "$1" && pwd)"
out="${2:-${OUT:-$(mktemp -d)}}"
fleet="${FLEET:-T4;A10;A100;L4;H100}"
rounds="${ROUNDS:-3}"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

variants=(minimal exact all-major)
{
  echo "fleet: $fleet; $(nproc) cores; $(cmake --version | head -1); rounds: $rounds (median of clean builds)"
  echo
  echo "| objective | architectures | images | build (s, median) | all builds (s) | .nv_fatbin (bytes) | vs all-major: time | size |"
  echo "|---|---|---|---|---|---|---|---|"
} > "$work/table"
for variant in "${variants[@]}"; do
  args=(-S "$root/examples/kernels" -B "$work/$variant" -G Ninja "-DCudaArch_DIR=$package" -DCMAKE_BUILD_TYPE=Release
        -DCUDAARCH_QUIET=ON)
  if [[ $variant == all-major ]]; then
    args+=(-DCUDAARCH_ARCHITECTURES=all-major)
  else
    args+=("-DCUDAARCH_FLEET=$fleet" "-DCUDAARCH_FLEET_OBJECTIVE=$variant")
  fi
  CUDAARCH_DETECT_CACHE_DIR=OFF cmake "${args[@]}" > "$work/configure.log" 2>&1 || { cat "$work/configure.log" >&2; exit 1; }
  list=$(sed -n 's/^CUDA architectures: \([^ ]*\) .*/\1/p' "$work/$variant/cudaarch-report.txt")
  times=()
  for ((r = 1; r <= rounds; r++)); do
    cmake --build "$work/$variant" --target clean > /dev/null
    start=$(date +%s%N)
    cmake --build "$work/$variant" > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
    end=$(date +%s%N)
    times+=("$(awk -v ns=$((end - start)) 'BEGIN { printf "%.2f", ns / 1e9 }')")
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  size=$(python3 "$root/bench/elf_section_size.py" "$(find "$work/$variant" -name cudaarch_kernel_check -type f | head -1)")
  echo "$variant|$list|$(tr ';' '\n' <<< "$list" | wc -l)|$median|${times[*]}|$size" >> "$work/rows"
done
base_time=$(awk -F'|' '$1 == "all-major" { print $4 }' "$work/rows")
base_size=$(awk -F'|' '$1 == "all-major" { print $6 }' "$work/rows")
awk -F'|' -v bt="$base_time" -v bs="$base_size" \
  '{ printf "| %s | `%s` | %s | %s | %s | %s | %.2f | %.2f |\n", $1, $2, $3, $4, $5, $6, $4 / bt, $6 / bs }' \
  "$work/rows" >> "$work/table"
tee "$out/fleet.md" < "$work/table"
