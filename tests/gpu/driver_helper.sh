#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# On a GPU machine: the static cudaarch asks the real driver through cudaarch-driver-query.
# Builds Release (CUDAARCH_STATIC_CLI on) and installs it, then checks that the tool is static;
# that `detect` lists the GPUs and capabilities nvidia-smi lists and `detect --json` says ok;
# that `doctor` names the driver release and the GPUs; that `gpu-test` runs a command on a
# GPU; that the installed tree (helper in libexec/cudaarch) answers the same; that a cudaarch
# copied without its helper says why. Records the start-up cost of detect and of the helper.
# usage: tests/gpu/driver_helper.sh     logs under $OUT (default build/gpu-driver-helper/out); exit 0 = success
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$root/build/gpu-driver-helper"
out="${OUT:-$build/out}"
mkdir -p "$out"
: > "$out/summary.txt"
status=0
fail() { echo "FAIL: $*" | tee -a "$out/summary.txt"; status=1; }
pass() { echo "ok: $*" | tee -a "$out/summary.txt"; }
unset CUDA_VISIBLE_DEVICES CUDAARCH_LIBCUDA

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUDAARCH_BUILD_TESTS=OFF -DBUILD_TESTING=OFF \
  > "$out/configure.log" 2>&1 || { fail "configure (configure.log)"; exit 1; }
cmake --build "$build" -j "$(nproc)" > "$out/build.log" 2>&1 || { fail "build (build.log)"; exit 1; }
cmake --install "$build" --prefix "$build/prefix" > "$out/install.log" 2>&1 || fail "install (install.log)"
cudaarch="$build/src/cudaarch"

ldd "$cudaarch" > "$out/ldd.log" 2>&1
if grep -q "not a dynamic executable" "$out/ldd.log"; then pass "cudaarch is static"; else fail "cudaarch is dynamic (ldd.log)"; fi

"$cudaarch" detect > "$out/detect.log" 2>&1; rc=$?
nvidia-smi --query-gpu=compute_cap --format=csv,noheader > "$out/nvidia-smi.log" 2>&1
want_gpus=$(grep -c . "$out/nvidia-smi.log")
want_caps=$(tr -d '.' < "$out/nvidia-smi.log" | sort -nu | paste -sd ';')
got_gpus=$(grep -c '^device ' "$out/detect.log")
if [ "$rc" = 0 ] && [ "$got_gpus" = "$want_gpus" ] && grep -qx "capabilities: $want_caps" "$out/detect.log"; then
  pass "detect: $got_gpus GPUs, capabilities $want_caps"
else
  fail "detect (exit $rc, $got_gpus GPUs, nvidia-smi $want_gpus, capabilities $want_caps; detect.log)"
fi
"$cudaarch" detect --json > "$out/detect.json" 2>&1
if grep -q '"status":"ok"' "$out/detect.json"; then pass "detect --json: ok"; else fail "detect --json (detect.json)"; fi

"$cudaarch" doctor > "$out/doctor.log" 2>&1
if grep -Eq '^driver: [0-9]+\.[0-9.]+ \(.*\): CUDA [0-9.]+ and older' "$out/doctor.log" && grep -q '^device 0: ' "$out/doctor.log"; then
  pass "doctor: $(head -1 "$out/doctor.log")"
else
  fail "doctor (doctor.log)"
fi

"$cudaarch" gpu-test --min-cc 5.0 -- "$cudaarch" detect > "$out/gpu-test.log" 2>&1; rc=$?
if [ "$rc" = 0 ] && grep -q '^device 0: ' "$out/gpu-test.log"; then pass "gpu-test ran detect on a GPU"; else fail "gpu-test (exit $rc; gpu-test.log)"; fi

"$build/prefix/bin/cudaarch" detect > "$out/detect-installed.log" 2>&1
if cmp -s <(sed 1d "$out/detect.log") <(sed 1d "$out/detect-installed.log") && [ -x "$build/prefix/libexec/cudaarch/cudaarch-driver-query" ]; then
  pass "the installed cudaarch answers the same through libexec/cudaarch/cudaarch-driver-query"
else
  fail "installed detect (detect-installed.log)"
fi

mkdir -p "$build/alone" && cp "$cudaarch" "$build/alone/cudaarch"
"$build/alone/cudaarch" detect > "$out/detect-alone.log" 2>&1; rc=$?
if [ "$rc" = 1 ] && grep -q "cannot run .*cudaarch-driver-query: No such file or directory; reinstall CudaArch" "$out/detect-alone.log"; then
  pass "without its helper: $(cat "$out/detect-alone.log")"
else
  fail "cudaarch without its helper (exit $rc; detect-alone.log)"
fi

# Start-up: mean wall seconds and peak RSS (KiB) over 50 runs of each.
if cc -O2 -o "$build/spawn_stats" "$root/bench/spawn_stats.c" 2>> "$out/build.log"; then
  for what in "$cudaarch detect" "$build/src/cudaarch-driver-query" "$cudaarch convert 75"; do
    echo "$what: $("$build/spawn_stats" 50 $what)" | tee -a "$out/summary.txt"
  done
fi
[ "$status" = 0 ] && echo "PASS" | tee -a "$out/summary.txt"
exit $status
