# SPDX-License-Identifier: Apache-2.0
# cudaarch_resolve as a user calls it: native through cudaarch_detect (the CUDAARCH_GPUS
# override and a fake probe), NATIVE_PTX, NATIVE_FALLBACK, the policies' messages with
# their function-name prefix, ERROR_VARIABLE and argument errors. Each case runs as a
# script of its own against a fake nvcc 13.0 (tests/toolkits/fixtures/nvcc-13.0).
#   cmake [-DWORK_DIR=<dir>] -P test_resolve.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")

cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${WORK_DIR}/fake")
set(builds "nvcc 13.0 builds 75 80 86 87 88 89 90 90a 100 100a 100f 103 103a 103f 110 110a \
110f 120 120a 120f 121 121a 121f.")
set(dropped_61 "is not supported by nvcc 13.0 (${nvcc}): CUDA 8.0 to 12.9 support 6.1, and \
CUDA 13.0 dropped 5.0 to 7.2. Use CUDA 12.9 or earlier, or remove it (the oldest this nvcc \
builds is 7.5). ${builds}")
set(no_device "the NVIDIA driver found no CUDA device")

# Fake probe answers, replayed by `cmake -E cat` through the detection test hook.
set(h200 "device|0|9.0|132|150754820096|0000:3B:00.0|ok|NVIDIA H200")
set(gtx1080 "device|1|6.1|20|8589934592|0000:86:00.0|209:CUDA_ERROR_NO_BINARY_FOR_GPU|NVIDIA GeForce GTX 1080")
set(why_1080 "compute capability 6.1 is older than compute_75, the oldest architecture CUDA 13.0 \
targets: build for it with an older CUDA toolkit")
file(WRITE "${WORK_DIR}/probe-none.txt" "cudaarch-probe|1\nversions|13000|13000|75
status|no-device|no CUDA device is visible (100:CUDA_ERROR_NO_DEVICE)\n")
file(WRITE "${WORK_DIR}/probe-two.txt" "cudaarch-probe|1\nversions|13000|13000|75\n${h200}
${gtx1080}\nwhy|1|${why_1080}\nstatus|ok|2 devices\n")
set(two_found "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by the probe: 61;90 (2 devices; device 1 cannot run \
the probe kernel: ${why_1080})\n")

# Each script: the module, a controlled environment, the fake nvcc in ${nvcc}, and the
# probe hook replaying probe-<probe>.txt.
function(check_resolve name probe code expected_rc expected_stdout expected_diagnostics)
  check_script("${name}" "include(\"\${CUDAARCH_MODULE}\")
unset(ENV{CUDAARCH_GPUS})
unset(ENV{CUDA_VISIBLE_DEVICES})
set(ENV{CUDAARCH_DETECT_CACHE_DIR} OFF)
set(nvcc \"${nvcc}\")
set(_CUDAARCH_DETECT_PROBE_COMMAND \"${CMAKE_COMMAND}\" -E cat \"${WORK_DIR}/probe-${probe}.txt\")
${code}" "${expected_rc}" "${expected_stdout}" "${expected_diagnostics}")
endfunction()

# native

check_resolve(native.override none [=[
set(CUDAARCH_GPUS "86;90")
cudaarch_resolve(out native COMPILER "${nvcc}")
message(STATUS "[${out}]")
]=] 0 "-- CudaArch: GPUs from CUDAARCH_GPUS (not detected): 86;90\n-- [86-real;90-real]\n" "")

check_resolve(native.override_ptx none [=[
set(CUDAARCH_GPUS "86;90")
cudaarch_resolve(out native NATIVE_PTX COMPILER "${nvcc}")
message(STATUS "[${out}]")
]=] 0 "-- CudaArch: GPUs from CUDAARCH_GPUS (not detected): 86;90\n-- [86-real;90]\n" "")

# Devices the source does not list are named by their capability.
check_resolve(native.override_unsupported none [=[
set(CUDAARCH_GPUS "6.1 9.0")
cudaarch_resolve(out native COMPILER "${nvcc}" POLICY WARN)
message(STATUS "[${out}]")
]=] 0 "-- CudaArch: GPUs from CUDAARCH_GPUS (not detected): 61;90\n-- [90-real]\n" "Warning: \
cudaarch_resolve: 'native' (compute capability 6.1) ${dropped_61} It is left out.\n")

check_resolve(native.with_others none [=[
set(ENV{CUDAARCH_GPUS} "A100")
cudaarch_resolve(out 7.5 -arch=native newest COMPILER "${nvcc}")
message(STATUS "[${out}]")
]=] 0 "-- CudaArch: GPUs from the environment variable CUDAARCH_GPUS (not detected): 80
-- [75-real;80-real;121]\n" "")

check_resolve(native.fallback_all_major none [=[
cudaarch_resolve(out native NATIVE_FALLBACK all-major COMPILER "${nvcc}")
message(STATUS "[${out}]")
]=] 0 "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${no_device}
-- [75-real;80-real;90-real;100-real;110-real;120]\n" "Warning: cudaarch_resolve: 'native': no \
GPU detected: ${no_device}. Using NATIVE_FALLBACK 'all-major' instead.\n")

check_resolve(native.fallback_error none [=[
cudaarch_resolve(out 8.0 native NATIVE_FALLBACK ERROR COMPILER "${nvcc}")
]=] 1 "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${no_device}\n" "Error: cudaarch_resolve: 'native': no GPU \
detected: ${no_device}.\n")

check_resolve(native.no_fallback none [=[
cudaarch_resolve(out native COMPILER "${nvcc}" ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
]=] 0 "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${no_device}
-- [] ['native': no GPU detected: ${no_device}. Set CUDAARCH_GPUS to the GPUs to build for, or \
give NATIVE_FALLBACK what to build instead (such as all-major).]\n" "")

# The second native of the configure asks the detection record: no second status line.
check_resolve(native.fallback_invalid none [=[
cudaarch_resolve(out native NATIVE_FALLBACK "sm_91" COMPILER "${nvcc}" ERROR_VARIABLE err)
cudaarch_resolve(out native NATIVE_FALLBACK "all native" COMPILER "${nvcc}" ERROR_VARIABLE err2)
message(STATUS "[${err}]")
message(STATUS "[${err2}]")
]=] 0 "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${no_device}
-- [NATIVE_FALLBACK: 'sm_91' names compute capability 9.1, which does not exist; the nearest is 9.0.]
-- [NATIVE_FALLBACK: 'native' cannot stand in for itself; name what to build without a GPU, \
such as all-major.]\n" "")

check_resolve(native.detected_gpu_too_old two [=[
cudaarch_resolve(out native COMPILER "${nvcc}")
]=] 1 "${two_found}" "Error: cudaarch_resolve: 'native' (GPU 1: NVIDIA GeForce GTX 1080, 6.1) \
${dropped_61}\n")

check_resolve(native.detected_gpu_too_old_warn two [=[
cudaarch_resolve(out -arch=native COMPILER "${nvcc}" POLICY WARN NATIVE_PTX)
message(STATUS "[${out}]")
]=] 0 "${two_found}-- [90]\n" "Warning: cudaarch_resolve: '-arch=native' (GPU 1: NVIDIA GeForce \
GTX 1080, 6.1) ${dropped_61} It is left out.\n")

# Results, policies and warnings

# FROM TORCH reads Hopper as PyTorch does: 9.0+PTX; and says what PyTorch would reject.
check_resolve(results none [=[
cudaarch_resolve(out "all-major 8.6+PTX" Hopper "-gencode arch=compute_100f,code=sm_103"
                 COMPILER "${nvcc}" FROM TORCH)
message(STATUS "[${out}]")
]=] 0 "-- [75-real;80-real;86;90;100-real;103f-real;110-real;120]\n" "Warning: \
cudaarch_resolve: 'all-major 8.6+PTX;Hopper;-gencode arch=compute_100f,code=sm_103' is not \
PyTorch's spelling: PyTorch 2.11 reads no nvcc flags and would reject it.
Warning: cudaarch_resolve: sm_103f built from compute_100f is written as 103f-real in CMAKE format, \
which cannot say which virtual architecture builds it.\n")
check_resolve(results.torch_keyword none [=[
cudaarch_resolve(out "all-major;8.6+PTX" COMPILER "${nvcc}" FROM TORCH)
message(STATUS "[${out}]")
]=] 0 "-- [75-real;80-real;86;90-real;100-real;110-real;120]\n" "Warning: cudaarch_resolve: 'all-major' \
is not PyTorch's spelling: PyTorch 2.11 would reject it and has none for it.\n")

check_resolve(policy.clamp none [=[
cudaarch_resolve(out 10.7 8.0 COMPILER "${nvcc}" POLICY clamp)
message(STATUS "[${out}]")
]=] 0 "-- [80-real;103-virtual]\n" "Warning: cudaarch_resolve: '10.7' is newer than nvcc 13.0 \
(${nvcc}) can build: using compute_103, PTX that the driver compiles for it at run time.\n")

check_resolve(policy.error_variable none [=[
set(out junk)
cudaarch_resolve(out 7.5 "GTX 1080" COMPILER "${nvcc}" ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
]=] 0 "-- [] ['GeForce GTX 1080' ${dropped_61}]\n" "")

check_resolve(keyword_error none [=[
cudaarch_resolve(out Kepler COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_resolve: 'Kepler': nvcc 13.0 (${nvcc}) builds no Kepler \
architecture; CUDA 4.2 to 11.8 built them.\n")

# cudaarch_parse still refuses the keywords it does not expand.
check_resolve(parse_refuses_keywords none [=[
cudaarch_parse(out "-arch=all-major" ERROR_VARIABLE err)
message(STATUS "[${err}]")
]=] 0 "-- ['all-major' is a keyword, not an architecture; cudaarch_resolve and 'cudaarch \
resolve' expand it.]\n" "")

# One resolution per request and CMake run (the configure cost of many targets given the
# same list): a request resolved again gives the same list and warnings, and one differing
# in the policy or the dialect its own answer.
set(memo_warnings "Warning: cudaarch_resolve: '10.7' is newer than nvcc 13.0 (${nvcc}) can build: \
using compute_103, PTX that the driver compiles for it at run time.
Warning: cudaarch_resolve: '10.7' is not supported by nvcc 13.0 (${nvcc}): CUDA 13.4 and later support \
10.7. Use CUDA 13.4 or later, or POLICY CLAMP to embed PTX of 10.3 that the driver compiles for it at \
run time. ${builds} It is left out.
Warning: cudaarch_resolve: 'all-major' is not PyTorch's spelling: PyTorch 2.11 would reject it and has \
none for it.\n")
check_resolve(memo.repeated none [=[
foreach(round 1 2)
  cudaarch_resolve(out 10.7 8.0 COMPILER "${nvcc}" POLICY CLAMP)
  cudaarch_resolve(warn 10.7 8.0 COMPILER "${nvcc}" POLICY WARN)
  cudaarch_resolve(torch all-major COMPILER "${nvcc}" FROM TORCH)
  cudaarch_resolve(plain all-major COMPILER "${nvcc}")
  message(STATUS "[${out}] [${warn}] [${torch}] [${plain}]")
endforeach()
]=] 0 "-- [80-real;103-virtual] [80-real] [75-real;80-real;90-real;100-real;110-real;120] \
[75-real;80-real;90-real;100-real;110-real;120]
-- [80-real;103-virtual] [80-real] [75-real;80-real;90-real;100-real;110-real;120] \
[75-real;80-real;90-real;100-real;110-real;120]\n" "${memo_warnings}${memo_warnings}")

# native is the detection's answer, asked again each time.
check_resolve(memo.native_asked_again none [=[
set(CUDAARCH_GPUS "86;90")
cudaarch_resolve(first native COMPILER "${nvcc}")
set(CUDAARCH_GPUS "80")
cudaarch_resolve(second native COMPILER "${nvcc}")
message(STATUS "[${first}] [${second}]")
]=] 0 "-- CudaArch: GPUs from CUDAARCH_GPUS (not detected): 86;90
-- CudaArch: GPUs from CUDAARCH_GPUS (not detected): 80\n-- [86-real;90-real] [80-real]\n" "")

# The request of many targets is parsed once: counted in a trace of resolve.cmake.
set(memo_script "${WORK_DIR}/memo.parsed_once.cmake")
file(WRITE "${memo_script}" "include(\"${CUDAARCH_MODULE}\")
foreach(i RANGE 1 3)
  cudaarch_resolve(out \"8.0;9.0a;10.0f\" COMPILER \"${nvcc}\")
endforeach()
set(CUDAARCH_GPUS 90)
cudaarch_resolve(out native COMPILER \"${nvcc}\")
cudaarch_resolve(out native COMPILER \"${nvcc}\")\n")
get_filename_component(resolve_module "${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch/internal/resolve.cmake" ABSOLUTE)
execute_process(COMMAND "${CMAKE_COMMAND}" "--trace-source=${resolve_module}"
                "--trace-redirect=${WORK_DIR}/memo.parsed_once.trace" -P "${memo_script}"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
file(STRINGS "${WORK_DIR}/memo.parsed_once.trace" parses REGEX "\\): +_cudaarch_parse_impl\\(")
list(LENGTH parses parses)
check_equal("memo.parsed_once: exit code" "${rc}" 0)
check_equal("memo.parsed_once: parses (the list once, each native)" "${parses}" 3)

# Arguments

set(usage "usage: cudaarch_resolve(<out-var> <spec>... [COMPILER <nvcc>] [POLICY ERROR|WARN|CLAMP] \
[FROM <dialect>] [NATIVE_FALLBACK <spec>] [NATIVE_PTX] [ERROR_VARIABLE <error-var>])")

check_resolve(arguments.missing_out_var none [=[
cudaarch_resolve()
]=] 1 "" "Error: cudaarch_resolve: missing <out-var>; ${usage}\n")

check_resolve(arguments.missing_value none [=[
cudaarch_resolve(out 75 COMPILER "${nvcc}" NATIVE_FALLBACK)
]=] 1 "" "Error: cudaarch_resolve: NATIVE_FALLBACK needs a value; ${usage}\n")

check_resolve(arguments.unknown_policy none [=[
cudaarch_resolve(out 75 COMPILER "${nvcc}" POLICY lenient)
]=] 1 "" "Error: cudaarch_resolve: unknown policy 'lenient'; policies: ERROR, WARN, CLAMP.\n")

check_resolve(arguments.unknown_dialect none [=[
cudaarch_resolve(out 75 COMPILER "${nvcc}" FROM bazel ERROR_VARIABLE err)
message(STATUS "[${err}]")
]=] 0 "-- [unknown dialect 'bazel'; dialects: CMAKE, TORCH, TF, OPENCV, NVCC.]\n" "")

check_resolve(arguments.unknown_keyword none [=[
cudaarch_resolve(out 75 FORMAT TORCH COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_resolve: 'FORMAT' is not a CUDA architecture. Accepted: 7.5, \
7.5+PTX, 8.6(7.5), 75, 75-real, 75-virtual, sm_75, compute_75 (each also with an a or f \
suffix, as in 90a), nvcc flags (-gencode, -arch, -code) and GPU names such as 'A100'.\n")

check_resolve(arguments.compiler_not_nvcc none [=[
cudaarch_resolve(out 75 COMPILER "${CMAKE_COMMAND}")
]=] 1 "" "Error: cudaarch_resolve: cannot ask ${CMAKE_COMMAND} for its version \
('${CMAKE_COMMAND} --version' failed or printed no 'release X.Y')\n")

check_finish()
