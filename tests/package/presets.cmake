# SPDX-License-Identifier: Apache-2.0
# The installed presets from a downstream CMakePresets.json (tests/package/presets): it
# includes <prefix>/lib/cmake/CudaArch/presets/CudaArchPresets.json through $penv{CudaArch_ROOT}
# (schema 7, CMake 3.27+) and inherits cudaarch-all-major, generator included.
#   cmake -DSOURCE_DIR=<repo> -DBUILD_DIR=<CudaArch build> -DWORK_DIR=<dir> -P presets.cmake
# Run with a CMake 3.27 or newer.
include("${CMAKE_CURRENT_LIST_DIR}/package_testing.cmake")
file(REMOVE_RECURSE "${WORK_DIR}")
package_run(out "install --component cmake"
  COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --component cmake --prefix "${WORK_DIR}/prefix")
file(COPY "${SOURCE_DIR}/tests/package/presets/" DESTINATION "${WORK_DIR}/project")
package_run(out "cmake --preset fleet"
  COMMAND "${CMAKE_COMMAND}" -E env "CudaArch_ROOT=${WORK_DIR}/prefix"
          "${CMAKE_COMMAND}" --preset fleet
  WORKING_DIRECTORY "${WORK_DIR}/project")
package_expect_lines("${out}" "-- presets consumer: CUDAARCH_ARCHITECTURES=all-major generator=Ninja"
  "-- Build files have been written to: ${WORK_DIR}/project/build/fleet")
