# CudaArch: CUDA GPU architectures without the guesswork. include(CudaArch) loads every
# public function.
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/cudaarch/cudaarch_detect.cmake)
