# SPDX-License-Identifier: Apache-2.0
configure(h REAL_NVCC ENV CUDA_VISIBLE_DEVICES=-1)
set(why "every device is hidden by CUDA_VISIBLE_DEVICES='-1'")
expect_lines(h "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${why}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${why}]")
