# SPDX-License-Identifier: Apache-2.0
# What find_package(Torch) does to the CUDA flags, for TORCH_CUDA_ARCH_LIST="7.0 8.0 9.0a"
# (PyTorch's cmake/public/cuda.cmake): CMAKE_CUDA_ARCHITECTURES OFF, and its nvcc flags, the
# -gencode pairs among them, appended to CMAKE_CUDA_FLAGS one word at a time.
set(CMAKE_CUDA_ARCHITECTURES OFF)
set(torch_nvcc_flags -DONNX_NAMESPACE=onnx_c2 -gencode arch=compute_70,code=sm_70
    -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90a,code=sm_90a --expt-extended-lambda)
foreach(flag IN LISTS torch_nvcc_flags)
  string(APPEND CMAKE_CUDA_FLAGS " ${flag}")
endforeach()
set(Torch_FOUND TRUE)
