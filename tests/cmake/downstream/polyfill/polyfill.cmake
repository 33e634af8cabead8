# SPDX-License-Identifier: Apache-2.0
# Configures with the real nvcc (CASE_NVCC) first on PATH and builds with Ninja; prints the
# request, the check's answer and the images of the library and the project's target. The
# report line on the polyfill itself is left out: only the releases that need it print it.
include("${CMAKE_CURRENT_LIST_DIR}/../images.cmake")
downstream_real_build("-- (CudaArch: (request|CUDA architectures)|[A-Z]+ )")
downstream_images("${CMAKE_CURRENT_BINARY_DIR}/build" vendored/libvendored.so libown.so)
