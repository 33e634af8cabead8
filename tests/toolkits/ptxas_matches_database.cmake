# SPDX-License-Identifier: Apache-2.0
# Asserts that the database's release ranges give exactly the sm_ targets a release's ptxas
# accepts (the CUDA 11/12 wheels on PyPI carry ptxas but no nvcc).
#   cmake -DCUDAARCH=<cli> -DPTXAS=<ptxas> -DFAKE_NVCC=<fake-nvcc.sh> -DWORK_DIR=<dir> -P ptxas_matches_database.cmake
cmake_minimum_required(VERSION 3.18)
execute_process(COMMAND "${PTXAS}" --version OUTPUT_VARIABLE version RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT version MATCHES "release ([0-9]+\\.[0-9]+)")
  message(FATAL_ERROR "${PTXAS} --version failed:\n${version}")
endif()
set(release "${CMAKE_MATCH_1}")
execute_process(COMMAND "${PTXAS}" --help OUTPUT_VARIABLE help)
string(FIND "${help}" "--gpu-name" at)
string(SUBSTRING "${help}" ${at} -1 help)
string(FIND "${help}" "'." end)
math(EXPR end "${end} + 1")
string(SUBSTRING "${help}" 0 ${end} help)
string(REGEX MATCHALL "'sm_[0-9]+[af]?'" names "${help}")
string(REGEX REPLACE "'sm_([0-9]+[af]?)'" "\\1" accepted "${names}")

# An nvcc of that release without --list-gpu-*: cudaarch falls back to the database.
file(MAKE_DIRECTORY "${WORK_DIR}/fixture")
file(WRITE "${WORK_DIR}/fixture/version.txt" "Cuda compilation tools, release ${release}, V${release}.0\n")
file(WRITE "${WORK_DIR}/nvcc.sh" "#!/bin/sh\nexec \"${FAKE_NVCC}\" \"${WORK_DIR}/fixture\" \"$@\"\n")
file(COPY "${WORK_DIR}/nvcc.sh" DESTINATION "${WORK_DIR}/bin"
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
execute_process(COMMAND "${CUDAARCH}" supported --nvcc "${WORK_DIR}/bin/nvcc.sh"
  RESULT_VARIABLE rc OUTPUT_VARIABLE database ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
list(SORT accepted)
list(SORT database)
if(NOT rc EQUAL 0 OR NOT accepted STREQUAL database)
  message(FATAL_ERROR "CUDA ${release}: ptxas accepts\n  ${accepted}\nthe database says\n  ${database}\n${err}")
endif()
message(STATUS "CUDA ${release}: ${database}")
