# SPDX-License-Identifier: Apache-2.0
# As find_package(Torch) leaves them for TORCH_CUDA_ARCH_LIST="8.0 9.0a", beside other flags:
# those flags are the request, nothing is added to them, and the list drives intersection.
include("${CMAKE_CURRENT_LIST_DIR}/../torch_flags_project.cmake")
torch_flags_project()
set(CMAKE_CUDA_ARCHITECTURES OFF)
set(CMAKE_CUDA_FLAGS "-Xfatbin -compress-all -gencode arch=compute_80,code=sm_80 -DONNX_NAMESPACE=onnx_c2 -gencode=arch=compute_90a,code=sm_90a")
cudaarch_set_architectures(DEFAULT native COMPILER "${nvcc}")
get_directory_property(options COMPILE_OPTIONS)
get_directory_property(definitions COMPILE_DEFINITIONS)
cudaarch_intersect(hopper SUPPORTED 9.0a)
message(STATUS "RESULT [${CMAKE_CUDA_ARCHITECTURES}] [${CUDAARCH_ARCHITECTURES_RESOLVED}] [${options}] [${definitions}] [${hopper}]")
message(STATUS "RESULT [${CMAKE_CUDA_FLAGS}]")
torch_flags_print()
