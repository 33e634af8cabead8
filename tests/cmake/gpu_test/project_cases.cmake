# SPDX-License-Identifier: Apache-2.0
# Configures tests/cmake/gpu_test/project and runs its GPU tests with ctest on simulated GPUs
# (the stub driver): labels, skips, CUDAARCH_REQUIRE_GPU, exit codes and resource specs.
#   cmake -DSOURCE=<project> -DWORK_DIR=<dir> -DCUDAARCH_BUILD_DIR=<dir> -DSTUB=<stub libcuda>
#         -DGENERATOR=<generator> -P project_cases.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/configure_project.cmake")
configure_gpu_project("8.6;9.0")

execute_process(COMMAND "${CMAKE_CTEST_COMMAND}" --test-dir "${build}" --print-labels OUTPUT_VARIABLE labels)
string(REGEX MATCH "All Labels:.*" labels "${labels}")
check_equal(labels "${labels}" "All Labels:\n  gpu\n  sm_75\n  sm_80\n  sm_90a\n")
execute_process(COMMAND "${CMAKE_CTEST_COMMAND}" --test-dir "${build}" -N -L sm_80 OUTPUT_VARIABLE listed)
string(REGEX MATCHALL "Test +#[0-9]+: [a-z_]+" listed "${listed}")
string(REGEX REPLACE "Test +#[0-9]+: " "" listed "${listed}")
check_equal(label_sm_80 "${listed}" "two;exit_code")

file(READ "${build}/gpus.json" spec)
string(REGEX MATCHALL "\"id\": \"[0-9]+\", \"slots\": [0-9]+" ids "${spec}")
check_equal(spec "${ids}" "\"id\": \"0\", \"slots\": 1;\"id\": \"1\", \"slots\": 1")

# Runs the tests on GPUs <devices> with the environment <env>, then checks
# "<test>=<result>" for each test in order.
function(check_run name devices expected)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDA_VISIBLE_DEVICES --unset=CUDAARCH_REQUIRE_GPU
                          "CUDAARCH_LIBCUDA=${STUB}" "CUDAARCH_STUB_DEVICES=${devices}" ${ARGN}
                          "${CMAKE_CTEST_COMMAND}" --test-dir "${build}"
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  ctest_results(results "${out}")
  check_equal("${name}" "${results}" "${expected}")
endfunction()

check_run(one_gpu "8.6=GPU A" "any=Passed;hopper=Skipped;two=Skipped;exit_code=Failed")
check_run(require_gpu "8.6=GPU A" "any=Passed;hopper=Failed;two=Failed;exit_code=Failed" CUDAARCH_REQUIRE_GPU=ON)
check_run(no_gpu "" "any=Skipped;hopper=Skipped;two=Skipped;exit_code=Skipped")
# CTest hands out GPUs without knowing capabilities, so the GPUs are alike here; 75-real
# and 80-real do not run on 9.0.
check_run(resource_spec "9.0=GPU A,9.0=GPU B" "any=Passed;hopper=Passed;two=Passed;exit_code=Skipped"
          "${CMAKE_CTEST_COMMAND}" --resource-spec-file "${build}/gpus.json")
check_finish()
