# SPDX-License-Identifier: Apache-2.0
# cudaarch_source_architectures in configured projects against a fake nvcc 13.0: the sources'
# own -gencode options and CUDAARCH_BUILT_FOR, the rest of the target's sources given its
# list (also a list set after the call, CMake 3.19+), the target's properties, the report
# line, and every error with its command-name prefix. What nvcc builds from them is checked
# by examples.vllm_like (one module per source, with exactly its images).
#   cmake -DWORK_DIR=<dir> -P test_source.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../cmake/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${WORK_DIR}/fake")

# A project whose directory request is 80-real;90-real, with a library k of a.cu and b.cu
# given <call>; prints what <print> names (run at the directory's end when <when> is LATER).
function(check_source name call expected_rc expected_results expected_diagnostics)
  check_project(source.${name} "set(CUDAARCH_QUIET ON)
include(\"\${CUDAARCH_MODULES}/../CudaArch.cmake\")
cudaarch_set_architectures(DEFAULT \"80-real;90-real\" COMPILER \"${nvcc}\")
set(nvcc \"${nvcc}\")
enable_language(C)
file(WRITE \"\${CMAKE_CURRENT_SOURCE_DIR}/a.cu\" \"\")
file(WRITE \"\${CMAKE_CURRENT_SOURCE_DIR}/b.cu\" \"\")
add_library(k STATIC a.cu b.cu)
set_target_properties(k PROPERTIES LINKER_LANGUAGE C)
function(print)
  get_target_property(archs k CUDA_ARCHITECTURES)
  get_target_property(own k CUDAARCH_ARCHITECTURES)
  get_target_property(per_source k CUDAARCH_SOURCE_ARCHITECTURES)
  string(REPLACE \"\${CMAKE_CURRENT_SOURCE_DIR}/\" \"\" per_source \"\${per_source}\")
  message(STATUS \"RESULT [\${archs}] [\${own}] [\${per_source}]\")
  foreach(source a.cu b.cu)
    get_source_file_property(options \${source} COMPILE_OPTIONS)
    get_source_file_property(definitions \${source} COMPILE_DEFINITIONS)
    get_source_file_property(header \${source} HEADER_FILE_ONLY)
    message(STATUS \"RESULT \${source} [\${options}] [\${definitions}] [\${header}]\")
  endforeach()
  file(STRINGS \"\${CMAKE_BINARY_DIR}/cudaarch-report.txt\" lines REGEX \"^target \")
  foreach(line IN LISTS lines)
    message(STATUS \"RESULT \${line}\")
  endforeach()
endfunction()
${call}" "${expected_rc}" "${expected_results}" "${expected_diagnostics}")
endfunction()

set(guard "$<STREQUAL:$<TARGET_PROPERTY:NAME>,k>")
set(rest "$<AND:${guard},$<BOOL:rest>>")
set(rest_80_90 "$<${rest}:--generate-code=arch=compute_80,code=sm_80>;\
$<${rest}:--generate-code=arch=compute_90,code=sm_90>] [$<${rest}:CUDAARCH_BUILT_FOR=\"80-real,90-real\">]")

check_source(spec [=[
cudaarch_source_architectures(k SOURCES b.cu 9.0a COMPILER "${nvcc}")
print()
]=] 0 "[OFF] [80-real;90-real] [90a-real=b.cu]
a.cu [${rest_80_90} [NOTFOUND]
b.cu [$<${guard}:--generate-code=arch=compute_90a,code=sm_90a>] [$<${guard}:CUDAARCH_BUILT_FOR=\"90a-real\">] [NOTFOUND]
target k, sources b.cu: 90a-real (9.0a)\n" "")

check_source(supported [=[
cudaarch_source_architectures(k SOURCES b.cu SUPPORTED 8.0 9.0a COMPILER "${nvcc}")
print()
]=] 0 "[OFF] [80-real;90-real] [80-real,90a-real=b.cu]
a.cu [${rest_80_90} [NOTFOUND]
b.cu [$<${guard}:--generate-code=arch=compute_80,code=sm_80>;$<${guard}:--generate-code=arch=compute_90a,code=sm_90a>] \
[$<${guard}:CUDAARCH_BUILT_FOR=\"80-real,90a-real\">] [NOTFOUND]
target k, sources b.cu: 80-real;90a-real (SUPPORTED 8.0 9.0a)\n" "")

# The target's own list as b.cu's: it keeps its items when the rest's are renewed.
check_source(minimum [=[
cudaarch_source_architectures(k SOURCES b.cu MINIMUM 7.5 COMPILER "${nvcc}")
print()
]=] 0 "[OFF] [80-real;90-real] [80-real,90-real=b.cu]
a.cu [${rest_80_90} [NOTFOUND]
b.cu [$<${guard}:--generate-code=arch=compute_80,code=sm_80>;$<${guard}:--generate-code=arch=compute_90,code=sm_90>] \
[$<${guard}:CUDAARCH_BUILT_FOR=\"80-real,90-real\">] [NOTFOUND]
target k, sources b.cu: 80-real;90-real (MINIMUM 7.5)\n" "")

check_source(none [=[
cudaarch_source_architectures(k SOURCES b.cu SUPPORTED 12.0a COMPILER "${nvcc}")
print()
]=] 0 "[OFF] [80-real;90-real] [=b.cu]
a.cu [${rest_80_90} [NOTFOUND]
b.cu [] [] [TRUE]
target k, sources b.cu: it supports SUPPORTED 12.0a, none of '80-real;90-real' (left out of the build)\n" "")

if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.19)
  # The rest follow the target's list at the directory's end, also one set after the call.
  set(rest_86 "$<${rest}:--generate-code=arch=compute_86,code=sm_86>] [$<${rest}:CUDAARCH_BUILT_FOR=\"86-real\">]")
  check_source(later_list [=[
cudaarch_source_architectures(k SOURCES b.cu 9.0a COMPILER "${nvcc}")
cudaarch_target_architectures(k 8.6 COMPILER "${nvcc}")
cmake_language(DEFER CALL print)
]=] 0 "[OFF] [86-real] [90a-real=b.cu]
a.cu [${rest_86} [NOTFOUND]
b.cu [$<${guard}:--generate-code=arch=compute_90a,code=sm_90a>] [$<${guard}:CUDAARCH_BUILT_FOR=\"90a-real\">] [NOTFOUND]
target k, sources b.cu: 90a-real (9.0a)
target k: 86-real\n" "")
endif()

check_source(twice [=[
cudaarch_source_architectures(k SOURCES b.cu 9.0a COMPILER "${nvcc}")
cudaarch_source_architectures(k SOURCES b.cu 8.0 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_source_architectures: '${WORK_DIR}/source.twice/source/b.cu' already has architectures \
of its own in target k; name each source once\n")

check_source(not_a_source [=[
cudaarch_source_architectures(k SOURCES c.cu 9.0a COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_source_architectures: 'c.cu' is not a source of target k\n")

check_source(spec_and_supported [=[
cudaarch_source_architectures(k SOURCES b.cu 9.0a SUPPORTED 9.0a COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_source_architectures: give <spec>... or SUPPORTED/MINIMUM, not both ('9.0a')\n")

check_source(nothing [=[
cudaarch_source_architectures(k SOURCES b.cu COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_source_architectures: missing SUPPORTED <spec>... or MINIMUM <cc>: what the kernel supports\n")

check_source(rdc [=[
set_target_properties(k PROPERTIES CUDA_SEPARABLE_COMPILATION ON)
cudaarch_source_architectures(k SOURCES b.cu 9.0a COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_source_architectures: target k has separable compilation, whose device link takes one \
list for every file; put the sources in a target of their own (cudaarch_target_architectures)\n")

check_source(bad_spec [=[
cudaarch_source_architectures(k SOURCES b.cu 5.2 COMPILER "${nvcc}")
]=] 1 "" "Error: cudaarch_source_architectures: target k '5.2': '5.2' is not supported by nvcc 13.0 (${nvcc}): \
CUDA 6.5 to 12.9 support 5.2, and CUDA 13.0 dropped 5.0 to 7.2. Use CUDA 12.9 or earlier, or remove it (the oldest \
this nvcc builds is 7.5). nvcc 13.0 builds 75 80 86 87 88 89 90 90a 100 100a 100f 103 103a 103f 110 110a 110f 120 \
120a 120f 121 121a 121f.\n")

check_finish()
