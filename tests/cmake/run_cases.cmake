# SPDX-License-Identifier: Apache-2.0
# Runs every case of a folder, RunCMake style, and compares its exit code, stdout and
# diagnostics with <case>-result.txt, -stdout.txt and -stderr.txt beside it by the one rule of
# tests/expected_output.cmake. The diagnostics are CMake's reading of stderr that check_script
# compares (testing.cmake, _check_diagnostics): one "Error: <text>" or "Warning: <text>" line
# per message, unwrapped, since CMake wraps a message at a width its paths decide, and heads it
# with the line of the module that gave it. <build> is the case's own folder.
# A case <case>.cmake is
#   - without EXPECT_PROJECTS, a script of its own (cmake -P, with CUDAARCH_MODULE the module
#     to include), run in its folder; stdout is its whole stdout;
#   - with -DEXPECT_PROJECTS=ON, the body of a project's CMakeLists.txt (included without a
#     policy scope of its own, so that its cmake_policy() calls are the project's; with
#     CUDAARCH_MODULES the folder of the public files), configured in <build>/build; stdout is
#     its message(STATUS "RESULT <text>") lines (the <text>), since the rest of a configure's
#     stdout is CMake's own and differs by release.
# A script case also gets each -DCASE_<NAME>=<value> given here (what the test knows and the
# case cannot find alone, such as the real nvcc or a generator).
# With EXPECT_RELEASE (the <release> of a test named <name>@<release>), a case's
# <case>@<release>-stdout.txt, -stderr.txt or -result.txt, where there is one, is compared
# instead of its own file of that stream: what it prints where that CMake release itself
# differs (its case script says why; an empty file for a stream that release leaves empty).
#   cmake -DEXPECT_CASES=<folder> -DWORK_DIR=<dir> [-DEXPECT_PROJECTS=ON] [-DEXPECT_RELEASE=<release>]
#         [-DCASE_<NAME>=<value>...] -P run_cases.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
get_filename_component(source "${CUDAARCH_MODULE}/../.." ABSOLUTE)
get_cmake_property(names VARIABLES)
set(case_definitions "")
foreach(name IN LISTS names)
  if(name MATCHES "^CASE_[A-Z_]+$")
    list(APPEND case_definitions "-D${name}=${${name}}")
  endif()
endforeach()
file(GLOB cases RELATIVE "${EXPECT_CASES}" "${EXPECT_CASES}/*.cmake")
list(SORT cases)
set(failures 0)
foreach(script IN LISTS cases)
  string(REGEX REPLACE "\\.cmake$" "" case "${script}")
  set(dir "${WORK_DIR}/${case}")
  if(EXPECT_PROJECTS)
    _check_configure("${dir}" "${case}" "include(\"${EXPECT_CASES}/${script}\" NO_POLICY_SCOPE)"
                     rc stdout diagnostics)
  else()
    file(REMOVE_RECURSE "${dir}")
    file(MAKE_DIRECTORY "${dir}")
    execute_process(COMMAND "${CMAKE_COMMAND}" "-DCUDAARCH_MODULE=${CUDAARCH_MODULE}" ${case_definitions}
                            -P "${EXPECT_CASES}/${script}"
                    WORKING_DIRECTORY "${dir}" RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
    _check_diagnostics(diagnostics "${stderr}")
  endif()
  set(expected "${EXPECT_CASES}/${case}")
  if(EXPECT_RELEASE)
    set(expected "${EXPECT_CASES}/${case}@${EXPECT_RELEASE}" "${expected}")
  endif()
  set(failed "")
  _cudaarch_expect_case(failed "${expected}" "${rc}" "${stdout}" "${diagnostics}" "build=${dir}" "source=${source}")
  if(failed)
    math(EXPR failures "${failures} + 1")
    message("FAIL ${case}\n${failed}")
  endif()
endforeach()
list(LENGTH cases count)
message("${count} cases, ${failures} failed")
if(count EQUAL 0 OR failures GREATER 0)
  message(FATAL_ERROR "${EXPECT_CASES}: ${failures} of ${count} cases failed")
endif()
