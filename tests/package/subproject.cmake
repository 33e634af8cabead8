# SPDX-License-Identifier: Apache-2.0
# CudaArch as a subproject (add_subdirectory) of a consumer that does not use its CLI:
# the consumer's 'all' builds nothing of CudaArch's, its install installs nothing of
# CudaArch's, and CudaArch registers no tests; CUDAARCH_INSTALL=ON installs the modules (the
# CLI and the runtime guard's libraries are not built, so not installed).
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -P subproject.cmake
include("${CMAKE_CURRENT_LIST_DIR}/package_testing.cmake")
file(REMOVE_RECURSE "${WORK_DIR}")
set(build "${WORK_DIR}/consumer")
package_run(out "configure"
  COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/package/consumer" -B "${build}" -G Ninja
          -DCUDAARCH_HOW=subdirectory "-DCUDAARCH_SOURCE_DIR=${SOURCE_DIR}" -DCONSUMER_USES_CLI=OFF)
package_expect_lines("${out}" "-- consumer: TORCH 7.5 8.6+PTX" "-- consumer: CudaArch::cudaarch found (imported: FALSE)")
package_run(out "build" COMMAND "${CMAKE_COMMAND}" --build "${build}")
if(EXISTS "${build}/cudaarch/src/cudaarch" OR EXISTS "${build}/cudaarch/src/libcudaarch_model.a")
  message(FATAL_ERROR "the consumer's 'all' built CudaArch's CLI:\n${out}")
endif()
if(EXISTS "${build}/cudaarch/tests" OR EXISTS "${build}/CTestTestfile.cmake")
  message(FATAL_ERROR "CudaArch registered its tests in the consumer")
endif()
package_run(out "install" COMMAND "${CMAKE_COMMAND}" --install "${build}" --prefix "${WORK_DIR}/none")
package_expect_files("${WORK_DIR}/none")

package_run(out "configure with CUDAARCH_INSTALL=ON" COMMAND "${CMAKE_COMMAND}" -DCUDAARCH_INSTALL=ON "${build}")
package_run(out "build" COMMAND "${CMAKE_COMMAND}" --build "${build}")
package_run(out "install" COMMAND "${CMAKE_COMMAND}" --install "${build}" --prefix "${WORK_DIR}/modules")
package_module_files(files "${SOURCE_DIR}")
package_expect_files("${WORK_DIR}/modules" ${files})
