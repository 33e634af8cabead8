#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds one program per class of issue 25 whose per-module verdicts tests/cli/check pins and
# whose modules the driver oracle (module_load.cpp) loads on a GPU:
#   build.sh NVCC OUTDIR
# shared/reference/verified-2026-12-01.md, "How the loader judges modules", has what the
# loader does with each on the H200.
set -eu
nvcc=$1
out=$2
src=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
cd "$out"

# unit NAME KERNEL "GENCODE FLAGS": one translation unit of kernel.cu, position-independent.
unit() {
  "$nvcc" -c -Xcompiler -fPIC -DNAME="$2" $3 "$src/kernel.cu" -o "$1.o"
}
sm80="-gencode arch=compute_80,code=sm_80"
sm90="-gencode arch=compute_90,code=sm_90"

# Two translation units in one executable, one for sm_90, one for sm_80 only: on 9.0 the
# first kernel runs, the second fails with 209.
unit two_a k_sm90 "$sm90"
unit two_b k_sm80 "$sm80"
"$nvcc" -c "$src/main.cpp" -o main.o
"$nvcc" main.o two_a.o two_b.o -o two_units

# A vLLM-like extension: four fat binaries (PTX 8.0 + sm_80; sm_90a; sm_80; sm_80 + sm_90).
unit ext_jit k_jit "-gencode arch=compute_80,code=[sm_80,compute_80]"
unit ext_hopper k_hopper "-gencode arch=compute_90a,code=sm_90a"
unit ext_ampere k_ampere "$sm80"
unit ext_both k_both "$sm80 $sm90"
"$nvcc" -shared ext_jit.o ext_hopper.o ext_ampere.o ext_both.o -o vllm_like.so

# A library that chooses its kernels per GPU, as cuBLAS does: an sm_90 unit, and an sm_80 one
# whose code is compressed (-Xfatbin=-compress-all, as NVIDIA ships its libraries), so that its
# kernels cannot be read. On 9.0 the file runs, with a note on the compressed module; on 8.0 it
# runs too, with a note on the sm_90 unit: code for a newer GPU only.
unit per_gpu_hopper k_hopper "$sm90"
unit per_gpu_ampere k_ampere "$sm80 -Xfatbin=-compress-all"
"$nvcc" -shared per_gpu_hopper.o per_gpu_ampere.o -o per_gpu_library.so

# Kernels for a newer GPU only, as PyTorch's sm_100-only CuTe kernels, read (not compressed):
# an sm_90 unit and an sm_100 one. On 9.0 the file runs, with a note on the sm_100 unit; on
# 10.0 the sm_90 unit, built for an older GPU only, decides: no kernel image.
unit newer_hopper k_hopper "$sm90"
unit newer_blackwell k_blackwell "-gencode arch=compute_100,code=sm_100"
"$nvcc" -shared newer_hopper.o newer_blackwell.o -o newer_kernels.so

# nvcc's link step adds a module without a kernel (sm_75), and a unit without kernels has an
# empty one: nothing to launch, on any GPU.
"$nvcc" -c -Xcompiler -fPIC "$src/host_only.cu" -o host_only.o
"$nvcc" -shared host_only.o -o kernel_less.so
# A host-only library (like libcudart.so): no device code at all.
"${CXX:-c++}" -shared -fPIC "$src/host_library.cpp" -o host_library.so

# The environment: PTX only (compute_80), and SASS only (sm_90).
"$nvcc" -fatbin -DNAME=k_ptx -gencode arch=compute_80,code=compute_80 "$src/kernel.cu" -o ptx_only.fatbin
"$nvcc" -fatbin -DNAME=k_sass -gencode arch=compute_90,code=sm_90 "$src/kernel.cu" -o sass_only.fatbin

# Compressed code, whose kernels are read by decoding it: LZ4 (--compress-mode=speed compresses
# the PTX; with -compress-all the cubin too) and zstd (--compress-mode=size compresses the cubin).
"$nvcc" -fatbin -DNAME=k_lz4 --compress-mode=speed -Xfatbin=-compress-all -gencode arch=compute_80,code=sm_80 \
  "$src/kernel.cu" -o lz4.fatbin
"$nvcc" -fatbin -DNAME=k_lz4_ptx --compress-mode=speed -gencode arch=compute_80,code=compute_80 "$src/kernel.cu" -o lz4_ptx.fatbin
"$nvcc" -fatbin -DNAME=k_zstd --compress-mode=size -gencode arch=compute_80,code=sm_80 "$src/kernel.cu" -o zstd.fatbin
