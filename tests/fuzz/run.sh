#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Bounded libFuzzer runs (clang's libFuzzer with ASan and UBSan) of the readers of untrusted
# input: inspect_fuzz (ELF, ar, fatbin, cubin, PTX and the inspect output formats),
# notation_fuzz (the notation parser in every dialect, the renderer in every format) and
# json_fuzz (the JSON reader and `cudaarch ctest`'s readers), and the parsers of the text inputs:
# record_fuzz (a .dist-info/RECORD), maps_fuzz (/proc/PID/maps), site_dirs_fuzz (the answer of
# check --python's interpreter), sysfs_fuzz (a PCI sysfs value), fleet_fuzz (select --from-file),
# archive_fuzz (wheels and conda packages: zip, tar, .conda).
# usage: tests/fuzz/run.sh [SECONDS [TARGET...]]   (default: 60 seconds for each of the nine)
# Builds build-fuzz/ (or $CUDAARCH_FUZZ_BUILD) with clang, starts each target from its checked-in
# corpus (corpus/ for inspect_fuzz, <name>_corpus/ for the others) and leaves new inputs in
# build-fuzz/corpus-<TARGET> and any crash in build-fuzz/artifacts/. FUZZ_FLAGS: more libFuzzer
# flags. Exit status: the first failing libFuzzer's (0 = no crash).
set -euo pipefail
seconds="${1:-60}"
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(inspect_fuzz notation_fuzz json_fuzz record_fuzz maps_fuzz site_dirs_fuzz sysfs_fuzz fleet_fuzz archive_fuzz)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${CUDAARCH_FUZZ_BUILD:-$root/build-fuzz}"
cxx="${CUDAARCH_FUZZ_CXX:-$(command -v clang++ || command -v clang++-14 || true)}"
if [[ -z "$cxx" ]]; then
  echo "run.sh: clang++ not found" >&2
  exit 2
fi
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCUDAARCH_FUZZ=ON >/dev/null
cmake --build "$build" --target "${targets[@]}" -j2
mkdir -p "$build/artifacts"
cd "$build"
for target in "${targets[@]}"; do
  name="${target%_fuzz}"
  seeds="$root/tests/fuzz/${name}_corpus"
  [[ "$name" == inspect ]] && seeds="$root/tests/fuzz/corpus"
  options=()
  [[ -f "$root/tests/fuzz/$name.dict" ]] && options=(-dict="$root/tests/fuzz/$name.dict")
  mkdir -p "$build/corpus-$target"
  echo "== $target"
  # shellcheck disable=SC2086
  ./tests/fuzz/"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    "${options[@]}" ${FUZZ_FLAGS:-} -artifact_prefix="$build/artifacts/$target-" "$build/corpus-$target" "$seeds"
done
