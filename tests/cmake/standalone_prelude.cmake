# SPDX-License-Identifier: Apache-2.0
# What every case of standalone/ starts with, included without a policy scope of its own: the
# project sets CMP0057 (if(IN_LIST)) to OLD where the CMake running it still allows that
# (before 4.0), so that the public file it then includes alone must bring the policies it
# needs instead of borrowing the caller's or CudaArch.cmake's; one GPU, an A100, by
# CUDAARCH_GPUS; and ${nvcc}, a fake nvcc 13.0.
if(CMAKE_VERSION VERSION_LESS 4.0)
  cmake_policy(SET CMP0057 OLD)
endif()
unset(ENV{CUDAARCH_GPUS})
set(CUDAARCH_GPUS A100)
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")

# standalone_tools(): the CudaArch::cudaarch target the test commands launch, and a program
# "app" to test.
macro(standalone_tools)
  add_executable(CudaArch::cudaarch IMPORTED)
  set_target_properties(CudaArch::cudaarch PROPERTIES IMPORTED_LOCATION /bin/true)
  add_executable(app IMPORTED)
  set_target_properties(app PROPERTIES IMPORTED_LOCATION /bin/true)
  enable_testing()
endmacro()
