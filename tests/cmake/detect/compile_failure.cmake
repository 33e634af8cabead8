# SPDX-License-Identifier: Apache-2.0
# A fake nvcc that lists compute_75 and rejects the flags; its output lands in the log.
write_program("${WORK}/cuda/bin/nvcc" [=[
case "$*" in
  *--list-gpu-arch*) printf 'compute_75\ncompute_80\n' ;;
  *--version*) echo 'Cuda compilation tools, release 13.0, V13.0.88' ;;
  *) echo "nvcc fatal   : Unknown option '--no-such-flag'" >&2; exit 1 ;;
esac]=])
configure(cf PATH "${WORK}/cuda/bin" ARGS "-DCMAKE_CUDA_FLAGS=--no-such-flag")
set(log "${WORK}/build/CMakeFiles/CudaArch/detect/probe-build.log")
set(why "the GPU probe failed to compile (see ${log}); nvidia-smi: not on PATH; __nvcc_device_query: not next to ${WORK}/cuda/bin/nvcc")
expect_lines(cf "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${why}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${why}]")
file(READ "${log}" text)
if(NOT text MATCHES "--no-such-flag -arch=compute_75 -ptx -o [^\n]*/cudaarch_probe_kernel.cup\n[^\n]*--no-such-flag --cudart none -o [^\n]*/cudaarch_probe.cpp[^\n]*\nexit: 1;1\n.*Unknown option '--no-such-flag'")
  fail("[compile_failure] the log lacks the command or nvcc's error:\n${text}")
endif()
