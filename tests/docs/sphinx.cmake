# SPDX-License-Identifier: Apache-2.0
# Builds the docs with one Sphinx builder, warnings as errors and nit-picky references:
# a broken internal link, a missing page or an unknown reference fails.
# With COMMITTED (the man builder), the page built must be that committed file.
#   cmake -DSPHINX=<sphinx-build> -DBUILDER=html|man -DSOURCE_DIR=<docs> -DOUTPUT_DIR=<dir>
#         [-DCOMMITTED=<docs/man/cudaarch-cmake.7>] -P sphinx.cmake
# Skips (prints SKIP:) without the docs tools unless CUDAARCH_REQUIRE_TOOLKITS is set.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../setup/require_fetched.cmake")
require_fetched("${SPHINX}" "sphinx-build (docs/requirements.txt)")
file(REMOVE_RECURSE "${OUTPUT_DIR}")
execute_process(COMMAND "${SPHINX}" -W --keep-going -n -q -b "${BUILDER}" -d "${OUTPUT_DIR}/.doctrees"
                        "${SOURCE_DIR}" "${OUTPUT_DIR}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sphinx-build -b ${BUILDER} failed (${rc}):\n${out}${err}")
endif()
if(COMMITTED)
  get_filename_component(page "${COMMITTED}" NAME)
  file(READ "${OUTPUT_DIR}/${page}" built)
  file(READ "${COMMITTED}" committed)
  if(NOT built STREQUAL committed)
    message(FATAL_ERROR "${COMMITTED} is out of date: cp ${OUTPUT_DIR}/${page} ${COMMITTED}")
  endif()
endif()
