# SPDX-License-Identifier: Apache-2.0
# conan 2 (PyPI conan, CASE_CONAN), offline: `conan profile detect` in a conan home of the
# case's own, `conan install` writes conan_toolchain.cmake, and the project configures with it.
# The toolchain file is read by project() alone: its "Using Conan toolchain" line comes once.
# Without conan the case says CUDAARCH-SKIP, which skips the test.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
if(NOT CASE_CONAN)
  message(STATUS "CUDAARCH-SKIP: conan not found (pip install conan)")
  return()
endif()
set(conan_env "CONAN_HOME=${CMAKE_CURRENT_BINARY_DIR}/conan-home")
file(COPY "${CMAKE_CURRENT_LIST_DIR}/conanfile.txt" DESTINATION "${CMAKE_CURRENT_BINARY_DIR}/recipe")
foreach(step IN ITEMS "profile;detect" "install;.;--output-folder=${CMAKE_CURRENT_BINARY_DIR}/conan")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env "${conan_env}" "${CASE_CONAN}" ${step}
                  WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/recipe"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "conan ${step} failed (${rc}):\n${out}")
  endif()
endforeach()
set(toolchain "${CMAKE_CURRENT_BINARY_DIR}/conan/conan_toolchain.cmake")
include("${downstream_source_dir}/tests/toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
set_architectures_configure(rc out err "${downstream_source_dir}" "${CMAKE_CURRENT_BINARY_DIR}/build" "${nvcc}"
  PROJECT "${CMAKE_CURRENT_LIST_DIR}" ENV ${downstream_unset_cuda}
  ARGS --no-warn-unused-cli -G Ninja "-DCMAKE_TOOLCHAIN_FILE=${toolchain}")
string(REGEX MATCHALL "-- Using Conan toolchain: [^\n]*" reads "${out}")
list(LENGTH reads count)
message(STATUS "conan_toolchain.cmake read by CudaArch or project(): ${count} time(s)")
string(REPLACE "${toolchain}" "<conan_toolchain>" out "${out}")
downstream_print("${out}" "-- (CudaArch: (request |CUDA architectures: |waiting )|RESULT )")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the configure failed:\n${err}")
endif()
