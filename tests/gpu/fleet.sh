#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One GPU suite on this runner, whatever its shape (issue 16): builds the tools and the
# examples from this tree, then runs the examples' GPU tests (kernels.*, with
# kernels.saxpy.two_gpus needing 2 GPUs) and tests/cmake/gpu_test/fleet (a test needing 3 GPUs)
# through `cudaarch ctest`. Both runs must be green and must name, as skipped, each test
# that needs more GPUs than this runner has. Also records what plain ctest with a resource
# spec does with the same suite (on a one-GPU runner: "Insufficient resources", a failed run).
# usage: tests/gpu/fleet.sh      logs under $OUT (default build/gpu-fleet/out); exit 0 = success
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$root/build/gpu-fleet"
out="${OUT:-$build/out}"
mkdir -p "$out"
status=0
fail() { echo "FAIL: $*" | tee -a "$out/summary.txt"; status=1; }

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUDAARCH_BUILD_TESTS=OFF \
      -DCUDAARCH_BUILD_EXAMPLES=ON > "$out/configure.log" 2>&1 || { fail "configure (configure.log)"; exit 1; }
cmake --build "$build" -j "$(nproc)" > "$out/build.log" 2>&1 || { fail "build (build.log)"; exit 1; }
cudaarch="$build/src/cudaarch"
kernels="$build/examples/kernels"
"$cudaarch" detect > "$out/detect.log" 2>&1
gpus=$(grep -c '^device ' "$out/detect.log")
echo "GPUs: $gpus" | tee "$out/summary.txt"

# Names <test> as skipped in <log> when this runner has fewer than <n> GPUs, else not.
expect_skip() {
  local log=$1 test=$2 n=$3
  if (( gpus < n )); then
    grep -q "^  $test: needs $n GPUs; this runner has $gpus\$" "$log" || fail "$log does not name $test as skipped"
  elif grep -q "^  $test: " "$log"; then
    fail "$log skips $test on $gpus GPUs"
  fi
}

# The plan and the spec, then plain ctest with that spec: the behaviour issue 16 reports.
"$cudaarch" ctest --plan --spec-file "$out/gpus.json" -- --test-dir "$kernels" -L gpu > "$out/plan.log" 2>&1
ctest --test-dir "$kernels" -L gpu -j 4 --resource-spec-file "$out/gpus.json" > "$out/plain-ctest.log" 2>&1
echo "plain ctest with the spec: exit $?" | tee -a "$out/summary.txt"

# The examples' GPU tests through cudaarch ctest, a GPU required.
CUDAARCH_REQUIRE_GPU=ON "$cudaarch" ctest -- --test-dir "$kernels" -L gpu -j 4 --output-on-failure \
  > "$out/examples.log" 2>&1
rc=$?
echo "cudaarch ctest, examples: exit $rc" | tee -a "$out/summary.txt"
(( rc == 0 )) || fail "cudaarch ctest on the examples (examples.log)"
grep -q "^100% tests passed" "$out/examples.log" || fail "examples.log: not every test that ran passed"
expect_skip "$out/examples.log" kernels.saxpy.two_gpus 2

# The fleet suite of the planner's tests, on real GPUs (its `fails` test left out).
CUDAARCH_GPUS=9.0 cmake -S "$root/tests/cmake/gpu_test/fleet" -B "$build/fleet" -G Ninja "-DCudaArch_DIR=$build" \
  > "$out/fleet-configure.log" 2>&1 || fail "fleet configure (fleet-configure.log)"
"$cudaarch" ctest -- --test-dir "$build/fleet" -E fails -j 4 --output-on-failure > "$out/fleet.log" 2>&1
rc=$?
echo "cudaarch ctest, fleet: exit $rc" | tee -a "$out/summary.txt"
(( rc == 0 )) || fail "cudaarch ctest on the fleet suite (fleet.log)"
expect_skip "$out/fleet.log" two 2
expect_skip "$out/fleet.log" three 3

for log in examples fleet; do
  echo "--- $log.log (cudaarch ctest's lines and ctest's summary)" >> "$out/summary.txt"
  grep -E '^(cudaarch ctest: |  [^ ]|[0-9]+/[0-9]+ Test|[0-9]+% tests)' "$out/$log.log" >> "$out/summary.txt"
done
cat "$out/summary.txt"
(( status == 0 )) && echo "OK: green runs, skips named"
exit $status
