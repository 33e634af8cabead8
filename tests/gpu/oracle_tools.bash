# SPDX-License-Identifier: Apache-2.0
# Sourced by the driver-oracle scripts of this folder (not a test itself: only *.sh are): sets
# `cudaarch`, `load` (tests/cli/check/module_load.cpp) and `fixtures` (tests/cli/check's
# built fixtures). CUDAARCH_BUILD_DIR names a configured tree to build them in (ctest passes
# its own); without it they are built in "$out/build", a Release tree of their own.
# usage: oracle_tools_build <repository root> <out>
oracle_tools_build() {
  local root="$1" out="$2" build="${CUDAARCH_BUILD_DIR:-}"
  if [ -z "$build" ]; then
    build="$out/build"
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$out/configure.log" 2>&1
  fi
  cmake --build "$build" --target cudaarch cudaarch-driver-query cudaarch_module_load cudaarch_check_module_inputs \
    cudaarch_check_inputs >"$out/build.log" 2>&1
  cudaarch="$build/src/cudaarch"
  load="$build/tests/cli/check/cudaarch_module_load"
  fixtures="$build/tests/cli/check/fixtures"
  nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader >"$out/gpu.txt" 2>&1 || true
}

# oracle_out <default folder name> [OUTDIR]: sets `out` (OUTDIR, else $OUT, else ./<default>,
# made and absolute) and `cudaarch` ($CUDAARCH, else the tree CUDAARCH_BUILD_DIR names, else
# build/ci's), for the scripts that use cudaarch as built and build nothing else of it.
oracle_out() {
  out="${2:-${OUT:-$PWD/$1}}"
  mkdir -p "$out"
  out="$(cd "$out" && pwd)"
  cudaarch="${CUDAARCH:-${CUDAARCH_BUILD_DIR:-$root/build/ci}/src/cudaarch}"
}
