# SPDX-License-Identifier: Apache-2.0
# Targets with the directory's list (polyfilled where CMake cannot write 100f), with their own
# CUDA_ARCHITECTURES set before a cudaarch_target_architectures call, with only a call, and
# with only their own property: each file's images, CUDAARCH_BUILT_FOR and verify test
# describe one list. The notice of the target whose own list wins is on stderr.
include("${CMAKE_CURRENT_LIST_DIR}/../images.cmake")
set(build "${CMAKE_CURRENT_BINARY_DIR}/build")
downstream_real_build("-- CudaArch: (request|CUDA architectures)"
  ARGS -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "-DCUDAARCH_CLI=${CASE_CUDAARCH}" "-DAFTER=${CASE_AFTER}")
set(files "")
foreach(target IN ITEMS directory before family plain after)
  if(EXISTS "${build}/lib${target}.so")
    list(APPEND files "lib${target}.so")
  endif()
endforeach()
downstream_images("${build}" ${files})
downstream_built_for("${build}")
downstream_tests("${build}")
