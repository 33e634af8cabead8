#!/usr/bin/env bash
# Bounded libFuzzer runs: the inspect readers (ELF, ar, fatbin, cubin, PTX and the output formats)
# and the notation parser (every dialect, every output format).
# usage: tests/fuzz/run.sh [SECONDS [TARGET...]]   (default 60 seconds each; targets inspect notation;
#        needs clang++ with libFuzzer)
# Builds build-fuzz/ with clang, starts each target from its checked-in corpus and leaves new inputs
# in build-fuzz/corpus-TARGET and any crash in build-fuzz/artifacts/. Exit status: the first
# failing libFuzzer's (0 = no crash).
# FUZZ_JOBS, FUZZ_FLAGS: extra libFuzzer flags (e.g. FUZZ_FLAGS=-jobs=1 for a long campaign).
set -euo pipefail
seconds="${1:-60}"
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(inspect notation)
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
cmake --build "$build" --target "${targets[@]/%/_fuzz}" -j2
mkdir -p "$build/artifacts"
cd "$build"
for target in "${targets[@]}"; do
  corpus=corpus
  [[ "$target" == inspect ]] || corpus="${target}_corpus"
  mkdir -p "$build/corpus-$target"
  echo "== $target"
  # shellcheck disable=SC2086
  "./tests/fuzz/${target}_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -dict="$root/tests/fuzz/$target.dict" -artifact_prefix="$build/artifacts/$target-" ${FUZZ_FLAGS:-} \
    "$build/corpus-$target" "$root/tests/fuzz/$corpus"
done
