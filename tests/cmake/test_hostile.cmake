# SPDX-License-Identifier: Apache-2.0
# The CMake functions against the quoting mistakes and odd environments of issue 12: each
# case failed (or passed silently) before its fix. Label hostile.
#   cmake [-DWORK_DIR=<dir>] -P test_hostile.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")

cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${WORK_DIR}/fake")
set(setup "unset(ENV{CUDAARCH_GPUS})
unset(ENV{CUDAARCHS})
set(ENV{CUDA_VISIBLE_DEVICES} -1)
set(CUDAARCH_QUIET ON)
set(_CUDAARCH_DETECT_PROBE_COMMAND \"${CMAKE_COMMAND}\" -E echo \"status|no-device|none\")
set(nvcc \"${nvcc}\")")
set(c_library "enable_language(C)
file(WRITE \"\${CMAKE_CURRENT_BINARY_DIR}/k.c\" \"\")
add_library(k STATIC \"\${CMAKE_CURRENT_BINARY_DIR}/k.c\")")
set(set_usage "usage: cudaarch_set_architectures([DEFAULT <spec>... | FLEET <gpu>... [OBJECTIVE minimal|exact] \
[FLEET_PTX]] [NATIVE_FALLBACK <spec>|ERROR] [POLICY ERROR|WARN|CLAMP] [FROM_ENV TORCH_CUDA_ARCH_LIST] [NATIVE_PTX] \
[COMPILER <nvcc>] [VARIABLE <var>] [VERIFY])")
set(supported_usage "usage: cudaarch_supported(<out-var> [COMPILER <nvcc>] [KIND REAL|VIRTUAL])")
set(resolve_usage "usage: cudaarch_resolve(<out-var> <spec>... [COMPILER <nvcc>] [POLICY ERROR|WARN|CLAMP] \
[FROM <dialect>] [NATIVE_FALLBACK <spec>] [NATIVE_PTX] [ERROR_VARIABLE <error-var>])")

function(check_hostile_script name code expected_rc expected_stdout expected_diagnostics)
  check_script(hostile.${name} "include(\"\${CUDAARCH_MODULE}\")\n${setup}\n${code}" "${expected_rc}"
               "${expected_stdout}" "${expected_diagnostics}")
endfunction()
function(check_hostile_project name code expected_rc expected_results expected_diagnostics)
  check_project(hostile.${name} "include(\"\${CUDAARCH_MODULES}/../CudaArch.cmake\")\n${setup}\n${code}"
                "${expected_rc}" "${expected_results}" "${expected_diagnostics}")
endfunction()

# Quoted lists: a list in one argument is the most common CMake idiom.
check_hostile_project(quoted_default [=[
cudaarch_set_architectures(DEFAULT "75;86" COMPILER "${nvcc}")
message(STATUS "RESULT [${CMAKE_CUDA_ARCHITECTURES}]")
set(gpus "T4;A100")
cudaarch_set_architectures(DEFAULT "${gpus}" COMPILER "${nvcc}" VARIABLE named)
message(STATUS "RESULT [${named}]")
]=] 0 "[75;86]\n[75-real;80-real]\n" "")
check_hostile_project(quoted_target "${c_library}
cudaarch_target_architectures(k \"75;86\" COMPILER \"${nvcc}\")
get_target_property(archs k CUDA_ARCHITECTURES)
message(STATUS \"RESULT [\${archs}]\")" 0 "[75;86]\n" "")

# Empty results stop where they arise, naming the cause.
check_hostile_script(warn_drops_everything [=[
cudaarch_set_architectures(DEFAULT "5.2 6.1" POLICY WARN COMPILER "${nvcc}")
]=] 1 "" "Warning: cudaarch_set_architectures: '5.2' is not supported by nvcc 13.0 (${nvcc}): CUDA 6.5 \
to 12.9 support 5.2, and CUDA 13.0 dropped 5.0 to 7.2. Use CUDA 12.9 or earlier, or remove it (the oldest \
this nvcc builds is 7.5). nvcc 13.0 builds 75 80 86 87 88 89 90 90a 100 100a 100f 103 103a 103f 110 110a \
110f 120 120a 120f 121 121a 121f. It is left out.
Warning: cudaarch_set_architectures: '6.1' is not supported by nvcc 13.0 (${nvcc}): CUDA 8.0 to 12.9 \
support 6.1, and CUDA 13.0 dropped 5.0 to 7.2. Use CUDA 12.9 or earlier, or remove it (the oldest this \
nvcc builds is 7.5). nvcc 13.0 builds 75 80 86 87 88 89 90 90a 100 100a 100f 103 103a 103f 110 110a 110f \
120 120a 120f 121 121a 121f. It is left out.
Error: cudaarch_set_architectures: the project's DEFAULT '5.2 6.1': POLICY WARN left out every \
architecture, so nothing is left to build; name one this nvcc builds\n")
check_hostile_script(empty_user_value [=[
set(CMAKE_CUDA_ARCHITECTURES ";;")
cudaarch_set_architectures(DEFAULT 86 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_set_architectures: the user's CMAKE_CUDA_ARCHITECTURES ';;' names no \
architecture; name at least one (such as 86 or all-major), or OFF for no architecture flags\n")
check_hostile_script(empty_gpus [=[
set(ENV{CUDAARCH_GPUS} ";;")
cudaarch_detect(gpus)
]=] 1 "" "Error: cudaarch_detect: the environment variable CUDAARCH_GPUS is ';;', which names no \
GPU; name the GPUs to build for (such as 'T4;A100' or '8.6 9.0'), or unset it to detect them\n")
# The same reached through native: the error names the command the user called.
check_hostile_script(empty_gpus_native [=[
set(ENV{CUDAARCH_GPUS} ";;")
cudaarch_resolve(archs native COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_resolve: the environment variable CUDAARCH_GPUS is ';;', which names no \
GPU; name the GPUs to build for (such as 'T4;A100' or '8.6 9.0'), or unset it to detect them\n")

# Keywords without values, and values that are not what the keyword takes.
check_hostile_script(kind_without_value [=[
cudaarch_supported(out KIND)
]=] 1 "" "Error: cudaarch_supported: KIND needs a value; ${supported_usage}\n")
check_hostile_script(compiler_without_value [=[
cudaarch_supported(out COMPILER)
]=] 1 "" "Error: cudaarch_supported: COMPILER needs a value; ${supported_usage}\n")
check_hostile_script(empty_policy [=[
cudaarch_resolve(out 86 POLICY "" COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_resolve: POLICY needs a value; ${resolve_usage}\n")
check_hostile_script(variable_list [=[
cudaarch_set_architectures(DEFAULT 86 COMPILER "${nvcc}" VARIABLE "a;b")
]=] 1 "" "Error: cudaarch_set_architectures: VARIABLE must name one variable, not 'a;b'; ${set_usage}\n")

# The user's compiler is used or refused, never replaced by the nvcc on PATH.
check_hostile_script(missing_cuda_compiler [=[
set(CMAKE_CUDA_COMPILER "/nonexistent/bin/nvcc")
cudaarch_supported(out)
]=] 1 "" "Error: cudaarch_supported: the CUDA compiler '/nonexistent/bin/nvcc' does not exist; name an \
nvcc that does\n")

# Targets that take no architectures are refused before anything is set.
check_hostile_project(alias_target "${c_library}
add_library(k::k ALIAS k)
cudaarch_target_architectures(k::k 86 COMPILER \"${nvcc}\")" 1 "" "Error: \
cudaarch_target_architectures: 'k::k' is an ALIAS of 'k'; name 'k' itself, since properties cannot be set \
through an alias\n")
check_hostile_project(imported_target [=[
add_library(imp STATIC IMPORTED)
cudaarch_target_architectures(imp 86 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_target_architectures: 'imp' is an IMPORTED target, built elsewhere with the \
architectures it has; set them where it is built\n")

# Script mode, as the documentation says.
check_hostile_script(set_in_script_mode [=[
cudaarch_set_architectures(DEFAULT 86 COMPILER "${nvcc}")
message(STATUS "[${CMAKE_CUDA_ARCHITECTURES}]")
]=] 0 "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: every device is hidden by CUDA_VISIBLE_DEVICES='-1'
-- [86]\n" "")

# EXPECT is read at configure time, not when the test runs.
check_hostile_project(verify_expect [=[
add_executable(CudaArch::cudaarch IMPORTED)
add_executable(app IMPORTED)
cudaarch_add_verify_test(app EXPECT sm_8.6)
]=] 1 "" "Error: cudaarch_add_verify_test: EXPECT: 'sm_8.6' is not a CUDA architecture; \
did you mean '8.6' or 'sm_86'? Accepted: 7.5, \
7.5+PTX, 8.6(7.5), 75, 75-real, 75-virtual, sm_75, compute_75 (each also with an a or f suffix, as in \
90a), nvcc flags (-gencode, -arch, -code) and GPU names such as 'A100'.\n")

# Two directories asking for the same: one notice for the fallback, one report.
check_hostile_project(report_once [=[
file(WRITE "${CMAKE_CURRENT_SOURCE_DIR}/sub/CMakeLists.txt"
     "cudaarch_set_architectures(COMPILER \"${nvcc}\")\n")
cudaarch_set_architectures(COMPILER "${nvcc}")
add_subdirectory(sub)
file(STRINGS "${CMAKE_BINARY_DIR}/cudaarch-report.txt" lines)
list(LENGTH lines count)
message(STATUS "RESULT ${count} report lines")
]=] 0 "5 report lines\n" "Notice: cudaarch_set_architectures: 'native': no GPU detected: every \
device is hidden by CUDA_VISIBLE_DEVICES='-1'. Using NATIVE_FALLBACK 'all-major' instead. Set CUDAARCH_GPUS \
(the GPUs to build for) or CUDAARCH_ARCHITECTURES (a list) to choose.\n")

# A line break in a request is an error naming its channel (issue 22): CMake keeps only the
# first line of a cached value, so the next configure would build something else.
set(line_break_tail "holds a line break; CMake keeps only the first line of a cached value, so the next \
configure would build something else. Give it on one line, its items separated by ';' or spaces")
check_hostile_project(line_break_user [=[
set(CUDAARCH_ARCHITECTURES "75\n86")
cudaarch_set_architectures(COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_set_architectures: the user's CUDAARCH_ARCHITECTURES '75\\n86' ${line_break_tail}\n")
check_hostile_project(line_break_cmake [=[
set(CMAKE_CUDA_ARCHITECTURES "75\r\n86" CACHE STRING "")
cudaarch_set_architectures(COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_set_architectures: the user's CMAKE_CUDA_ARCHITECTURES '75\\r\\n86' ${line_break_tail}
Warning: Value of CMAKE_CUDA_ARCHITECTURES contained a newline; truncating\n")
check_hostile_project(line_break_cudaarchs [=[
set(ENV{CUDAARCHS} "75\n86")
cudaarch_set_architectures(COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_set_architectures: the CUDAARCHS environment variable '75\\n86' ${line_break_tail}\n")
check_hostile_project(line_break_fleet [=[
set(CUDAARCH_FLEET "T4\nA100" CACHE STRING "")
cudaarch_set_architectures(COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_set_architectures: the user's CUDAARCH_FLEET 'T4\\nA100' ${line_break_tail}
Warning: Value of CUDAARCH_FLEET contained a newline; truncating\n")
# The project's own FLEET may be nvidia-smi's CSV, a row per line.
check_hostile_project(line_break_project_fleet [=[
cudaarch_set_architectures(FLEET "name, compute_cap\nTesla T4, 7.5\nNVIDIA A100, 8.0" COMPILER "${nvcc}")
message(STATUS "RESULT [${CMAKE_CUDA_ARCHITECTURES}]")
]=] 0 "[75-real;80-real]\n" "")

# A one-value keyword given twice is an error naming both (issue 22): the last one won silently.
check_hostile_script(from_twice [=[
cudaarch_resolve(out "7.5" FROM TORCH FROM TF COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_resolve: FROM is given twice, as 'TORCH' and 'TF'; keep one; ${resolve_usage}\n")

# '75\;86' means the same in every channel (issue 22): FLEET took it for two GPUs, the others
# read the backslash.
set(escaped_semicolon "'75\\' is not a CUDA architecture. Accepted: 7.5, 7.5+PTX, 8.6(7.5), 75, 75-real, \
75-virtual, sm_75, compute_75 (each also with an a or f suffix, as in 90a), nvcc flags (-gencode, -arch, -code) and \
GPU names such as 'A100'.")
check_hostile_project(escaped_semicolon_fleet [=[
set(CUDAARCH_FLEET "75\\;86" CACHE STRING "")
cudaarch_set_architectures(COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_set_architectures: the user's CUDAARCH_FLEET '75\\;86': ${escaped_semicolon}\n")
check_hostile_project(escaped_semicolon_request [=[
set(CUDAARCH_ARCHITECTURES "75\\;86" CACHE STRING "")
cudaarch_set_architectures(COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_set_architectures: the user's CUDAARCH_ARCHITECTURES '75\\;86': ${escaped_semicolon}\n")

# FLEET is linear: 21,000 items (a fleet's list, one GPU per machine), each an argument of its
# own, in under 1 s of CPU, the module's own loading included; it took 28 s before (52 s of
# wall time on a busy machine).
if(EXISTS /usr/bin/time)
  string(REPEAT "T4;A100;H100;8.6;9.0;7.5;NVIDIA L4;" 3000 items)
  file(WRITE "${WORK_DIR}/fleet.cmake" "include(\"${CUDAARCH_MODULE}\")\n${setup}
set(items \"${items}\")
cudaarch_set_architectures(FLEET \${items} COMPILER \"\${nvcc}\" VARIABLE out)
message(STATUS \"[\${out}]\")\n")
  execute_process(COMMAND /usr/bin/time -f "cpu %U %S" "${CMAKE_COMMAND}" -P "${WORK_DIR}/fleet.cmake"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX MATCH "cpu ([0-9]+)\\.([0-9]+) ([0-9]+)\\.([0-9]+)" ignored "${err}")
  math(EXPR centiseconds "${CMAKE_MATCH_1} * 100 + ${CMAKE_MATCH_2} + ${CMAKE_MATCH_3} * 100 + ${CMAKE_MATCH_4}")
  string(FIND "${out}" "-- [75-real;80-real;90-real]\n" at)
  check_equal("hostile.fleet_linear: exit code, and the result in [${out}]" "${rc}|${at}" "0|${at}")
  if(at EQUAL -1)
    check_equal("hostile.fleet_linear: the result" "${out}" "-- [75-real;80-real;90-real]")
  endif()
  if(centiseconds GREATER_EQUAL 100)
    check_equal("hostile.fleet_linear: CPU seconds for 21,000 items" "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}" "< 1")
  endif()
else()
  message("SKIP hostile.fleet_linear: no /usr/bin/time to measure CPU time")
endif()

# Control bytes of a request are shown as escapes in the report line and the error (issue 22).
check_hostile_project(escape_request [=[
string(ASCII 27 esc)
string(ASCII 7 bell)
set(CUDAARCH_ARCHITECTURES "${esc}]0;owned${bell}")
set(CUDAARCH_QUIET OFF)
cudaarch_set_architectures(COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_set_architectures: the user's CUDAARCH_ARCHITECTURES '\\e]0;owned\\x07': '\\e]0' is not a \
CUDA architecture. Accepted: 7.5, 7.5+PTX, 8.6(7.5), 75, 75-real, 75-virtual, sm_75, compute_75 (each also with an a or f \
suffix, as in 90a), nvcc flags (-gencode, -arch, -code) and GPU names such as 'A100'.\n")
file(READ "${WORK_DIR}/hostile.escape_request/build/cudaarch-report.txt" report)
check_equal("hostile.escape_request: the report line" "${report}" "request '\\e]0;owned\\x07' from the user's CUDAARCH_ARCHITECTURES\n")

check_hostile_project(line_break_gpus [=[
set(CUDAARCH_GPUS "T4\nA100" CACHE STRING "")
cudaarch_detect(gpus)
]=] 1 "" "Error: cudaarch_detect: CUDAARCH_GPUS 'T4\\nA100' ${line_break_tail}
Warning: Value of CUDAARCH_GPUS contained a newline; truncating\n")

check_finish()
