# SPDX-License-Identifier: Apache-2.0
# cudaarch_target_architectures(<target> SUPPORTED|MINIMUM … [IF_NONE EXCLUDE|ERROR]) in
# configured projects against a fake nvcc 13.0: the target's properties, its one report line,
# no warning, EXCLUDE_FROM_ALL, every error with its command-name prefix, and that targets
# given the same list or support list parse it once.
#   cmake -DWORK_DIR=<dir> -P test_target.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../cmake/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${WORK_DIR}/fake")

# A project whose directory request is <request>, with a C++ library k given <call>; prints
# k's properties and the report's target lines as RESULT lines.
function(check_target name request call expected_rc expected_results expected_diagnostics)
  set(setup "")
  if(NOT request STREQUAL "")
    set(setup "cudaarch_set_architectures(DEFAULT \"${request}\" COMPILER \"${nvcc}\")")
  endif()
  check_project(target.${name} "set(CUDAARCH_QUIET ON)
include(\"\${CUDAARCH_MODULES}/../CudaArch.cmake\")
${setup}
set(nvcc \"${nvcc}\")
enable_language(CXX)
file(WRITE \"\${CMAKE_CURRENT_BINARY_DIR}/k.cpp\" \"\")
add_library(k STATIC \"\${CMAKE_CURRENT_BINARY_DIR}/k.cpp\")
${call}
get_target_property(archs k CUDA_ARCHITECTURES)
get_target_property(own k CUDAARCH_ARCHITECTURES)
get_target_property(excluded k EXCLUDE_FROM_ALL)
message(STATUS \"RESULT [\${archs}] [\${own}] [\${excluded}]\")
file(STRINGS \"\${CMAKE_BINARY_DIR}/cudaarch-report.txt\" lines REGEX \"^target \")
foreach(line IN LISTS lines)
  message(STATUS \"RESULT \${line}\")
endforeach()" "${expected_rc}" "${expected_results}" "${expected_diagnostics}")
endfunction()

check_target(supported "80-real;86-real;90-real" [=[
cudaarch_target_architectures(k SUPPORTED 8.0 9.0a COMPILER "${nvcc}")
]=] 0 "[80-real;90a-real] [80-real;90a-real] [excluded-NOTFOUND]
target k: 80-real;90a-real (SUPPORTED 8.0 9.0a)\n" "")

# What the target is not built for is its report line, never a warning.
check_target(left_out all-major [=[
cudaarch_target_architectures(k SUPPORTED 9.0a 10.0a COMPILER "${nvcc}")
]=] 0 "[90a-real;100a-real] [90a-real;100a-real] [excluded-NOTFOUND]
target k: 90a-real;100a-real (SUPPORTED 9.0a 10.0a); not built for 75-real;80-real;110-real;120 of the request\n" "")

check_target(minimum all-major [=[
cudaarch_target_architectures(k MINIMUM 8.0 COMPILER "${nvcc}")
]=] 0 "[80-real;90-real;100-real;110-real;120] [80-real;90-real;100-real;110-real;120] [excluded-NOTFOUND]
target k: 80-real;90-real;100-real;110-real;120 (MINIMUM 8.0); not built for 75-real of the request\n" "")

check_target(exclude "80-real;90-real" [=[
cudaarch_target_architectures(k SUPPORTED 10.0a IF_NONE EXCLUDE COMPILER "${nvcc}")
]=] 0 "[80-real;90-real] [] [TRUE]
target k: left out of the build (EXCLUDE_FROM_ALL): it supports SUPPORTED 10.0a, none of '80-real;90-real'\n" "")

check_target(error "80-real;90-real" [=[
cudaarch_target_architectures(k SUPPORTED 10.0a COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_target_architectures: target k supports SUPPORTED 10.0a, none of the request \
'80-real;90-real'; widen the request (-DCUDAARCH_ARCHITECTURES=…) or pass IF_NONE EXCLUDE to leave the target \
out of the build\n")

check_target(bad_if_none "80-real" [=[
cudaarch_target_architectures(k SUPPORTED 8.0 IF_NONE WARN COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_target_architectures: unknown IF_NONE value 'WARN'; IF_NONE values: EXCLUDE, ERROR.\n")

check_target(spec_and_supported "80-real" [=[
cudaarch_target_architectures(k 8.6 SUPPORTED 8.0 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_target_architectures: give <spec>... or SUPPORTED/MINIMUM, not both ('8.6')\n")

check_target(policy_with_supported "80-real" [=[
cudaarch_target_architectures(k SUPPORTED 8.0 POLICY WARN COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_target_architectures: POLICY, FROM, NATIVE_FALLBACK and NATIVE_PTX apply to a <spec>, \
not to SUPPORTED or MINIMUM\n")

check_target(if_none_with_spec "80-real" [=[
cudaarch_target_architectures(k 8.0 IF_NONE EXCLUDE COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_target_architectures: IF_NONE applies to SUPPORTED or MINIMUM, not to a <spec>\n")

check_target(nothing "80-real" [=[
cudaarch_target_architectures(k COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_target_architectures: missing <spec>, SUPPORTED <spec>... or MINIMUM <cc>; usage: \
cudaarch_target_architectures(<target> (<spec>... | SUPPORTED <spec>... | MINIMUM <cc>) [IF_NONE EXCLUDE|ERROR] \
[POLICY ERROR|WARN|CLAMP] [FROM <dialect>] [NATIVE_FALLBACK <spec>|ERROR] [NATIVE_PTX] [COMPILER <nvcc>])\n")

check_target(no_directory_request "" [=[
cudaarch_target_architectures(k SUPPORTED 8.0 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_target_architectures: no REQUEST given and CUDAARCH_ARCHITECTURES_RESOLVED is not set: \
call cudaarch_set_architectures first (before project() or in a parent directory), or pass REQUEST <spec>...\n")

# Configure cost: targets given the same list, or the same support list, parse it once, so
# a project's parses do not grow with its targets (counted in a trace of the modules).
get_filename_component(module_dir "${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch" ABSOLUTE)
file(GLOB_RECURSE modules "${module_dir}/*.cmake")
list(TRANSFORM modules PREPEND "--trace-source=")
function(count_parses out_var form targets)
  set(dir "${WORK_DIR}/target.parses_${form}_${targets}")
  file(REMOVE_RECURSE "${dir}")
  file(WRITE "${dir}/source/CMakeLists.txt" "cmake_minimum_required(VERSION 3.18)
project(parses CXX)
set(CUDAARCH_QUIET ON)
include(\"${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../cmake/CudaArch.cmake\")
cudaarch_set_architectures(DEFAULT \"8.0 8.6 9.0\" COMPILER \"${nvcc}\")
file(WRITE \"\${CMAKE_CURRENT_BINARY_DIR}/k.cpp\" \"\")
foreach(i RANGE 1 ${targets})
  add_library(k\${i} STATIC \"\${CMAKE_CURRENT_BINARY_DIR}/k.cpp\")
  if(\"${form}\" STREQUAL \"list\")
    cudaarch_target_architectures(k\${i} \${CUDAARCH_ARCHITECTURES_RESOLVED} COMPILER \"${nvcc}\")
  else()
    cudaarch_target_architectures(k\${i} SUPPORTED 8.0 9.0a COMPILER \"${nvcc}\")
  endif()
endforeach()\n")
  execute_process(COMMAND "${CMAKE_COMMAND}" ${modules} "--trace-redirect=${dir}/trace.txt"
                  -S "${dir}/source" -B "${dir}/build" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  check_equal("target.parses ${form} ${targets}: exit code" "${rc}" 0)
  file(STRINGS "${dir}/trace.txt" parses REGEX "\\): +_cudaarch_parse_impl\\(")
  list(LENGTH parses count)
  set(${out_var} ${count} PARENT_SCOPE)
endfunction()
foreach(form IN ITEMS list supported)
  count_parses(one ${form} 1)
  count_parses(three ${form} 3)
  check_equal("target.parses ${form}: parses with 3 targets against 1" "${three}" "${one}")
endforeach()

check_finish()
