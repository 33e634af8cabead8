# SPDX-License-Identifier: Apache-2.0
# cudaarch_write_resource_spec on GPUs named by CUDAARCH_GPUS, and the argument errors of
# cudaarch_write_resource_spec and cudaarch_add_gpu_test, each case a script of its own.
#   cmake -DWORK_DIR=<dir> -P function_cases.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")

check_script(spec.two_gpus [=[
include("${CUDAARCH_MODULE}")
set(ENV{CUDAARCH_GPUS} "8.6;H200")
cudaarch_write_resource_spec("${CMAKE_CURRENT_LIST_DIR}/two.json")
file(READ "${CMAKE_CURRENT_LIST_DIR}/two.json" spec)
message("${spec}")
]=] 0 "-- CudaArch: GPUs from the environment variable CUDAARCH_GPUS (not detected): 86;90
-- CudaArch: resource spec ${WORK_DIR}/two.json: 2 GPUs, 1 slots each
" "")
file(READ "${WORK_DIR}/two.json" two)
check_equal(spec.two_gpus.content "${two}" [=[{
  "version": {"major": 1, "minor": 0},
  "local": [
    {
      "gpus": [
        {"id": "0", "slots": 1},
        {"id": "1", "slots": 1}
      ]
    }
  ]
}
]=])

check_script(spec.slots_relative [=[
include("${CUDAARCH_MODULE}")
set(CUDAARCH_GPUS 9.0)
cudaarch_write_resource_spec(one.json SLOTS_PER_GPU 4)
]=] 0 "-- CudaArch: GPUs from CUDAARCH_GPUS (not detected): 90
-- CudaArch: resource spec ${WORK_DIR}/one.json: 1 GPUs, 4 slots each
" "")
file(READ "${WORK_DIR}/one.json" one)
check_equal(spec.slots_relative.content "${one}" [=[{
  "version": {"major": 1, "minor": 0},
  "local": [
    {
      "gpus": [
        {"id": "0", "slots": 4}
      ]
    }
  ]
}
]=])

set(spec_usage "usage: cudaarch_write_resource_spec(<file> [SLOTS_PER_GPU <n>])")
check_script(spec.missing_file [=[
include("${CUDAARCH_MODULE}")
cudaarch_write_resource_spec(SLOTS_PER_GPU 2)
]=] 1 "" "Error: cudaarch_write_resource_spec: missing <file>; ${spec_usage}\n")
check_script(spec.unknown_argument [=[
include("${CUDAARCH_MODULE}")
cudaarch_write_resource_spec(x.json SLOTS 2)
]=] 1 "" "Error: cudaarch_write_resource_spec: unknown argument 'SLOTS'; ${spec_usage}\n")
check_script(spec.bad_slots [=[
include("${CUDAARCH_MODULE}")
cudaarch_write_resource_spec(x.json SLOTS_PER_GPU 0)
]=] 1 "" "Error: cudaarch_write_resource_spec: SLOTS_PER_GPU must be a positive number up to 999999, not '0'\n")
check_script(spec.huge_slots [=[
include("${CUDAARCH_MODULE}")
cudaarch_write_resource_spec(x.json SLOTS_PER_GPU 99999999999999999999999)
]=] 1 "" "Error: cudaarch_write_resource_spec: SLOTS_PER_GPU must be a positive number up to 999999, not \
'99999999999999999999999'\n")
check_script(spec.folder [=[
include("${CUDAARCH_MODULE}")
set(_CUDAARCH_DETECT_PROBE_COMMAND "${CMAKE_COMMAND}" -E echo "status|no-device|none")
file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/folder")
cudaarch_write_resource_spec("${CMAKE_CURRENT_BINARY_DIR}/folder")
]=] 1 "" "Error: cudaarch_write_resource_spec: '${WORK_DIR}/folder' is a folder; name the JSON file to write, such as \
${WORK_DIR}/folder/gpus.json\n")
check_script(spec.slots_without_value [=[
include("${CUDAARCH_MODULE}")
cudaarch_write_resource_spec(x.json SLOTS_PER_GPU)
]=] 1 "" "Error: cudaarch_write_resource_spec: SLOTS_PER_GPU needs a value; ${spec_usage}\n")

set(test_usage "usage: cudaarch_add_gpu_test(NAME <name> COMMAND <command> [<arg>...] [MIN_CC <cc>] [ARCHITECTURES <spec>] [GPUS <n>])")
check_script(add.missing_name [=[
include("${CUDAARCH_MODULE}")
cudaarch_add_gpu_test(COMMAND true)
]=] 1 "" "Error: cudaarch_add_gpu_test: missing NAME; ${test_usage}\n")
check_script(add.missing_command [=[
include("${CUDAARCH_MODULE}")
cudaarch_add_gpu_test(NAME t)
]=] 1 "" "Error: cudaarch_add_gpu_test: missing COMMAND; ${test_usage}\n")
check_script(add.unknown_argument [=[
include("${CUDAARCH_MODULE}")
cudaarch_add_gpu_test(extra NAME t COMMAND true)
]=] 1 "" "Error: cudaarch_add_gpu_test: unknown argument 'extra'; ${test_usage}\n")
check_script(add.gpus_without_value [=[
include("${CUDAARCH_MODULE}")
cudaarch_add_gpu_test(NAME t COMMAND true GPUS)
]=] 1 "" "Error: cudaarch_add_gpu_test: GPUS needs a value; ${test_usage}\n")
check_script(add.bad_gpus [=[
include("${CUDAARCH_MODULE}")
cudaarch_add_gpu_test(NAME t COMMAND true GPUS two)
]=] 1 "" "Error: cudaarch_add_gpu_test: GPUS must be a positive number up to 4096, not 'two'\n")
check_script(add.bad_min_cc [=[
include("${CUDAARCH_MODULE}")
cudaarch_add_gpu_test(NAME t COMMAND true MIN_CC "8.0 9.0")
]=] 1 "" "Error: cudaarch_add_gpu_test: MIN_CC must be one compute capability without a suffix, such as 8.0, not '8.0 9.0'\n")
check_script(add.bad_architectures [=[
include("${CUDAARCH_MODULE}")
cudaarch_add_gpu_test(NAME t COMMAND true ARCHITECTURES sm_91)
]=] 1 "" "Error: cudaarch_add_gpu_test: ARCHITECTURES: 'sm_91' names compute capability 9.1, which does not exist; the nearest is 9.0.\n")
check_script(add.no_cli [=[
include("${CUDAARCH_MODULE}")
cudaarch_add_gpu_test(NAME t COMMAND true MIN_CC 8.0)
]=] 1 "" "Error: cudaarch_add_gpu_test: the test needs the cudaarch tool (target CudaArch::cudaarch): \
find_package(CudaArch) from a build or install tree with the CLI, or add CudaArch with add_subdirectory\n")
check_finish()
