#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds the -rdc programs whose verdicts tests/cli/check pins and tests/gpu/rdc_verdicts.sh runs:
#   build.sh NVCC OUTDIR "GUARD LIBRARIES"
# GUARD LIBRARIES: what main.cu's runtime guard links, libcudaarch_runtime.a, libcudaarch_verdict.a, libcudaarch_binary.a, libcudaarch_model.a
# (and -ldl -lpthread where the C library needs them), as words.
# One program per verdict the loader gives on a 9.0 GPU (shared/reference/verified-2026-11-30.md,
# "Separable compilation"). The device link (nvcc -dlink) gets the compile's -gencode flags, or
# none, when nvcc links its default sm_75 and the runtime falls back to __nv_relfatbin.
set -eu
nvcc=$1
out=$2
guard=$3
src=$(cd "$(dirname "$0")" && pwd)
include=$(cd "$src/../../../../src" && pwd)  # <cudaarch/runtime.hpp>
mkdir -p "$out"
cd "$out"

# program NAME "COMPILE FLAGS" "DEVICE LINK FLAGS"
program() {
  "$nvcc" -dc $2 -I"$include" "$src/main.cu" -o "$1.main.o"
  "$nvcc" -dc $2 "$src/device.cu" -o "$1.device.o"
  "$nvcc" -dlink $3 "$1.main.o" "$1.device.o" -o "$1.dlink.o" 2>"$1.dlink.log"
  "$nvcc" -nodlink "$1.main.o" "$1.device.o" "$1.dlink.o" $guard -o "$1"
}

sm90="-gencode arch=compute_90,code=sm_90"
# Linked sm_90: native.
program rdc_native "$sm90" "$sm90"
# Device link without flags: linked sm_75, relocatable sm_90 linked at every start.
program rdc_link_sass "$sm90" ""
# Relocatable compute_90 only: JIT-compiled and linked at the first launch.
program rdc_link_ptx "-gencode arch=compute_90,code=compute_90" ""
# Relocatable and linked 8.0 and 10.0 only: nothing for 9.0, error 500.
far="-gencode arch=compute_80,code=sm_80 -gencode arch=compute_100,code=[sm_100,compute_100]"
program rdc_none "$far" "$far"
# The same without -rdc, in one translation unit: error 209.
cat "$src/device.cu" "$src/main.cu" > whole.cu
"$nvcc" $far -I"$include" whole.cu $guard -o whole_none
# Dynamic parallelism links libcudadevrt's relocatable images in (nvcc -rdc=true in one step).
"$nvcc" -rdc=true $sm90 "$src/devrt.cu" -lcudadevrt -o rdc_devrt
strip -o rdc_devrt_stripped rdc_devrt
