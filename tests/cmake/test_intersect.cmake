# SPDX-License-Identifier: Apache-2.0
# cudaarch_intersect as a user calls it: the issue's three examples, the directory's request
# as the default, MINIMUM, and every argument error with its command-name prefix. Each case
# runs as a script of its own against a fake nvcc 13.0 (tests/toolkits/fixtures/nvcc-13.0).
# The rules themselves are tests/vectors/intersect.tsv's (run_intersect_vectors.cmake).
#   cmake [-DWORK_DIR=<dir>] -P test_intersect.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${WORK_DIR}/fake")

function(check_intersect name code expected_rc expected_stdout expected_diagnostics)
  check_script("${name}" "include(\"\${CUDAARCH_MODULE}\")
set(nvcc \"${nvcc}\")
${code}" "${expected_rc}" "${expected_stdout}" "${expected_diagnostics}")
endfunction()

check_intersect(intersect.examples [=[
cudaarch_intersect(a SUPPORTED 8.0 9.0a REQUEST 80-real 86-real 90-real COMPILER "${nvcc}")
cudaarch_intersect(b SUPPORTED 8.0 REQUEST 90 COMPILER "${nvcc}")
cudaarch_intersect(c SUPPORTED 12.0a REQUEST 120-real COMPILER "${nvcc}")
message(STATUS "[${a}] [${b}] [${c}]")
]=] 0 "-- [80-real;90a-real] [80-virtual] [120a-real]\n" "")

# REQUEST defaults to the directory's resolved list.
check_intersect(intersect.directory_request [=[
set(CUDAARCH_ARCHITECTURES_RESOLVED "75-real;80-real;90-real;100-real;110-real;120")
cudaarch_intersect(out MINIMUM 8.0 COMPILER "${nvcc}")
cudaarch_intersect(none SUPPORTED 12.1a COMPILER "${nvcc}")
message(STATUS "[${out}] [${none}]")
]=] 0 "-- [80-real;90-real;100-real;110-real;120] []\n" "")

check_intersect(intersect.keywords_in_request [=[
cudaarch_intersect(out SUPPORTED "8.0;9.0a" REQUEST all-major COMPILER "${nvcc}")
message(STATUS "[${out}]")
]=] 0 "-- [80;90a-real]\n" "")

check_intersect(intersect.both [=[
cudaarch_intersect(out SUPPORTED 8.0 MINIMUM 8.0 REQUEST 90 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_intersect: give SUPPORTED or MINIMUM, not both\n")

check_intersect(intersect.neither [=[
cudaarch_intersect(out REQUEST 90 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_intersect: missing SUPPORTED <spec>... or MINIMUM <cc>: what the kernel supports\n")

check_intersect(intersect.minimum_suffix [=[
cudaarch_intersect(out MINIMUM 9.0a REQUEST 90 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_intersect: MINIMUM must be one compute capability without a suffix, such as 8.0, not '9.0a'\n")

check_intersect(intersect.bad_supported [=[
cudaarch_intersect(out SUPPORTED sm_91 REQUEST 90 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_intersect: SUPPORTED 'sm_91': 'sm_91' names compute capability 9.1, which does not exist; the nearest is 9.0.\n")

check_intersect(intersect.bad_request [=[
cudaarch_intersect(out SUPPORTED 8.0 REQUEST 5.2 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_intersect: REQUEST '5.2': '5.2' is not supported by nvcc 13.0 (${nvcc}): CUDA 6.5 to 12.9 support 5.2, and CUDA 13.0 dropped 5.0 to 7.2. Use CUDA 12.9 or earlier, or remove it (the oldest this nvcc builds is 7.5). nvcc 13.0 builds 75 80 86 87 88 89 90 90a 100 100a 100f 103 103a 103f 110 110a 110f 120 120a 120f 121 121a 121f.\n")

check_intersect(intersect.no_request [=[
unset(CUDAARCH_ARCHITECTURES_RESOLVED)
cudaarch_intersect(out SUPPORTED 8.0 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_intersect: no REQUEST given and CUDAARCH_ARCHITECTURES_RESOLVED is not set: call cudaarch_set_architectures first (before project() or in a parent directory), or pass REQUEST <spec>...\n")

check_intersect(intersect.missing_out [=[
cudaarch_intersect(SUPPORTED 8.0)
]=] 1 "" "Error: cudaarch_intersect: missing <out-var>; usage: cudaarch_intersect(<out-var> (SUPPORTED <spec>... | MINIMUM <cc>) [REQUEST <spec>...] [COMPILER <nvcc>])\n")

check_finish()
