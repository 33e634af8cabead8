# SPDX-License-Identifier: Apache-2.0
# cmake -DSOURCE=<project> -DWORK=<folder> -DGENERATOR=<generator> -DPYTHON=<python3>
#       -DCTEST=<ctest> -P without_toolkits.cmake
# Configures <project> in <folder>/build with an empty toolkits folder, then runs the layout
# check (registered_from_area.py) on that tree; fails with the check's output.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/no-toolkits")
execute_process(
  COMMAND "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${WORK}/build" -G "${GENERATOR}"
          "-DCUDAARCH_TEST_TOOLKITS_DIR=${WORK}/no-toolkits" -DCUDAARCH_BUILD_TESTS=OFF
  RESULT_VARIABLE configured OUTPUT_VARIABLE log ERROR_VARIABLE log)
if(NOT configured EQUAL 0)
  message(FATAL_ERROR "configuring ${SOURCE} without toolkits failed (${configured}):\n${log}")
endif()
execute_process(
  COMMAND "${PYTHON}" "${SOURCE}/tests/layout/registered_from_area.py" "${CTEST}" "${WORK}/build" "${SOURCE}"
  RESULT_VARIABLE checked OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT checked EQUAL 0)
  message(FATAL_ERROR "the layout check of a tree without toolkits failed (${checked}):\n${out}")
endif()
message("the layout check of a tree configured without toolkits passed")
