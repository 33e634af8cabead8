#!/usr/bin/env bash
# Bounded libFuzzer run of the inspect readers (ELF, ar, fatbin, cubin, PTX and the output
# formats), or with TARGET json_fuzz of the JSON reader and `cudaarch ctest`'s readers.
# usage: tests/fuzz/run.sh [SECONDS [TARGET]]   (default 60 inspect_fuzz; needs clang++ with libFuzzer)
# Builds build-fuzz/ with clang, starts from tests/fuzz/corpus (json_corpus) and leaves new
# inputs in build-fuzz/corpus-<TARGET> and any crash in build-fuzz/artifacts/. Exit status:
# libFuzzer's (0 = no crash).
set -euo pipefail
seconds="${1:-60}"
target="${2:-inspect_fuzz}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="$root/build-fuzz"
cxx="${CUDAARCH_FUZZ_CXX:-$(command -v clang++ || command -v clang++-14 || true)}"
if [[ -z "$cxx" ]]; then
  echo "run.sh: clang++ not found" >&2
  exit 2
fi
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCUDAARCH_FUZZ=ON >/dev/null
cmake --build "$build" --target "$target" -j2
mkdir -p "$build/corpus-$target" "$build/artifacts"
cd "$build"
seeds=("$root/tests/fuzz/corpus") options=(-dict="$root/tests/fuzz/inspect.dict")
[[ $target == json_fuzz ]] && seeds=("$root/tests/fuzz/json_corpus") options=()
./tests/fuzz/"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  "${options[@]}" -artifact_prefix="$build/artifacts/" "$build/corpus-$target" "${seeds[@]}"
