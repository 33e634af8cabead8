# SPDX-License-Identifier: Apache-2.0
# `cudaarch size --python` on a real interpreter's environment made here: a venv of PYTHON
# (without pip) whose site-packages holds one distribution, pkg 1.0, whose RECORD lists a
# library with device code and a host-only ELF file.
#   cmake -DPYTHON=<python3> -DCUDAARCH=<cudaarch> -DFIXTURES=<size inputs> -DWORK=<folder>
#         -DEXPECT_CASE=<case> -DPLACEHOLDERS=build=<dir>;source=<dir> -P python_env.cmake
# The output is compared with the case's files by the one rule (tests/expected_output.cmake),
# <site> and <python> standing for the venv's site-packages and interpreter.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../../expected_output.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../python_venv.cmake")
_cudaarch_test_venv("${PYTHON}" "${WORK}" site)
file(COPY "${FIXTURES}/libk.so" "${FIXTURES}/host.o" DESTINATION "${site}/pkg")
file(RENAME "${site}/pkg/host.o" "${site}/pkg/_host.so")
file(WRITE "${site}/pkg/__init__.py" "")
file(WRITE "${site}/pkg-1.0.dist-info/METADATA" "Metadata-Version: 2.1\nName: pkg\nVersion: 1.0\n\n")
file(WRITE "${site}/pkg-1.0.dist-info/RECORD"
     "pkg/__init__.py,,\npkg/libk.so,,\npkg/_host.so,,\npkg-1.0.dist-info/RECORD,,\n")
execute_process(COMMAND "${CUDAARCH}" size --by module --python "${WORK}/venv/bin/python"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(failed "")
_cudaarch_expect_case(failed "${EXPECT_CASE}" "${rc}" "${out}" "${err}" ${PLACEHOLDERS}
                      "site=${site}" "python=${WORK}/venv/bin/python")
if(failed)
  message(FATAL_ERROR "size --python:\n${failed}")
endif()
