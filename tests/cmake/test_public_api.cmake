# SPDX-License-Identifier: Apache-2.0
# cudaarch_parse and cudaarch_format as a user calls them: results, ERROR_VARIABLE,
# the exact FATAL_ERROR and WARNING texts with their function-name prefix, argument
# errors, and what the module leaves alone (policies, variables). Each case runs as a
# script of its own, so that a FATAL_ERROR can be checked.
#   cmake [-DWORK_DIR=<dir>] -P test_public_api.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")

set(accepted "Accepted: 7.5, 7.5+PTX, 8.6(7.5), 75, 75-real, 75-virtual, sm_75, compute_75 \
(each also with an a or f suffix, as in 90a), nvcc flags (-gencode, -arch, -code) and GPU \
names such as 'A100'.")
set(sm91 "'sm_91' names compute capability 9.1, which does not exist; the nearest is 9.0.")
set(lossy "cannot say which virtual architecture builds it.")

# Results

check_script(parse.basic [=[
include("${CUDAARCH_MODULE}")
cudaarch_parse(out "7.5 8.6+PTX" sm_90 "Tesla T4")
message(STATUS "[${out}]")
]=] 0 "-- [75-real;86;90-real]\n" "")

check_script(parse.arguments_and_dialect [=[
include("${CUDAARCH_MODULE}")
cudaarch_parse(out "7.5;8.6" 9.0a FROM TORCH 120)
message(STATUS "[${out}]")
]=] 0 "-- [75-real;86-real;90a-real;120-real]\n" "Warning: cudaarch_parse: '120' is not PyTorch's \
spelling: PyTorch 2.11 would reject it; write '12.0'.\n")

check_script(parse.empty [=[
include("${CUDAARCH_MODULE}")
set(a x)
set(b x)
cudaarch_parse(a)
cudaarch_parse(b "" ERROR_VARIABLE err)
message(STATUS "[${a}] [${b}] [${err}]")
]=] 0 "-- [] [] []\n" "")

check_script(format.formats [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(gencode gencode 86)
cudaarch_format(opencv OPENCV "8.6(7.5)" 9.0)
cudaarch_format(torch Torch "75;90a-real" FROM CMAKE)
message(STATUS "${gencode}")
message(STATUS "${opencv}")
message(STATUS "${torch}")
]=] 0 "-- -gencode=arch=compute_86,code=[sm_86,compute_86]
-- CUDA_ARCH_BIN=8.6(7.5) 9.0;CUDA_ARCH_PTX=
-- 7.5+PTX 9.0a\n" "")

# ERROR_VARIABLE

check_script(parse.error_variable_on_error [=[
include("${CUDAARCH_MODULE}")
set(out junk)
cudaarch_parse(out sm_91 ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
]=] 0 "-- [] [${sm91}]\n" "")

check_script(format.error_variable_on_success [=[
include("${CUDAARCH_MODULE}")
set(err junk)
cudaarch_format(out TORCH 75 ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
]=] 0 "-- [7.5+PTX] []\n" "")

check_script(format.error_variable_unknown_format [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out XML 75 ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
]=] 0 "-- [] [unknown format 'XML'; formats: CMAKE, TORCH, GENCODE, TF, OPENCV, CLANG, READABLE.]\n"
  "")

# A keyword with FROM and ERROR_VARIABLE: the engine must not read the caller's ARGV4
# ("TORCH", "CMAKE") as its keyword expander.
check_script(parse.keyword_from_dialect_error_variable [=[
include("${CUDAARCH_MODULE}")
cudaarch_parse(out all FROM TORCH ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
cudaarch_format(out TORCH native FROM CMAKE ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
cudaarch_format(out CMAKE all-major FROM OPENCV ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
]=] 0 "-- [] ['all' is a keyword, not an architecture; cudaarch_resolve and 'cudaarch resolve' expand it.]
-- [] ['native' is a keyword, not an architecture; cudaarch_resolve and 'cudaarch resolve' expand it.]
-- [] ['all-major' is a keyword, not an architecture; cudaarch_resolve and 'cudaarch resolve' expand it.]\n" "")

# An error drops the warnings of the entries before it: nothing was written.
check_script(format.error_after_lossy_entry [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out TORCH "8.6(7.5) compute_90" ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
]=] 0 "-- [] [compute_90 cannot be written in TORCH format, which has no PTX-only entry; add \
sm_90 to the list or use another format.]\n" "")

# FATAL_ERROR

check_script(parse.fatal_error [=[
include("${CUDAARCH_MODULE}")
cudaarch_parse(out 7.5 sm_91)
message(STATUS "not reached")
]=] 1 "" "Error: cudaarch_parse: ${sm91}\n")

check_script(format.fatal_error_token [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out TF "sm_8.6")
]=] 1 "" "Error: cudaarch_format: 'sm_8.6' is not a CUDA architecture; did you mean '8.6' or \
'sm_86'? ${accepted}\n")

check_script(format.fatal_error_format [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out xml 75)
]=] 1 "" "Error: cudaarch_format: unknown format 'xml'; formats: CMAKE, TORCH, GENCODE, TF, \
OPENCV, CLANG, READABLE.\n")

check_script(format.fatal_error_dialect [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out CMAKE 75 FROM bazel)
]=] 1 "" "Error: cudaarch_format: unknown dialect 'bazel'; dialects: CMAKE, TORCH, TF, OPENCV, \
NVCC.\n")

check_script(format.fatal_error_ptx_only [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out CLANG compute_90 FROM CMAKE)
]=] 1 "" "Error: cudaarch_format: compute_90 cannot be written in CLANG format, which has no \
PTX-only entry; add sm_90 to the list or use another format.\n")

# WARNING

check_script(parse.lossy_warning [=[
include("${CUDAARCH_MODULE}")
cudaarch_parse(out "8.6(7.5)" 9.0)
message(STATUS "[${out}]")
]=] 0 "-- [86-real;90-real]\n" "Warning: cudaarch_parse: sm_86 built from compute_75 is \
written as 86-real in CMAKE format, which ${lossy}\n")

check_script(format.lossy_warnings_in_list_order [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out TORCH "9.0(8.0) 8.6(7.5)" ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
]=] 0 "-- [8.6 9.0] []\n" "Warning: cudaarch_format: sm_86 built from compute_75 is written \
as 8.6 in TORCH format, which ${lossy}
Warning: cudaarch_format: sm_90 built from compute_80 is written as 9.0 in TORCH format, \
which ${lossy}\n")

check_script(format.lossless_no_warning [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out GENCODE "8.6(7.5)")
message(STATUS "${out}")
]=] 0 "-- -gencode=arch=compute_75,code=sm_86\n" "")

# Arguments: every public command checks them alike (internal/arguments.cmake).

set(parse_usage "usage: cudaarch_parse(<out-var> <spec>... [FROM <dialect>] [ERROR_VARIABLE <error-var>])")
set(format_usage "usage: cudaarch_format(<out-var> <format> <spec>... [FROM <dialect>] [ERROR_VARIABLE <error-var>])")

check_script(parse.missing_out_var [=[
include("${CUDAARCH_MODULE}")
cudaarch_parse()
]=] 1 "" "Error: cudaarch_parse: missing <out-var>; ${parse_usage}\n")

check_script(format.missing_out_var [=[
include("${CUDAARCH_MODULE}")
cudaarch_format()
]=] 1 "" "Error: cudaarch_format: missing <out-var>; ${format_usage}\n")

check_script(format.missing_format [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out)
]=] 1 "" "Error: cudaarch_format: missing <format>; ${format_usage}\n")

check_script(format.keyword_for_format [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out FROM TORCH 75)
]=] 1 "" "Error: cudaarch_format: missing <format>; ${format_usage}\n")

check_script(parse.from_without_value [=[
include("${CUDAARCH_MODULE}")
cudaarch_parse(out 75 FROM)
]=] 1 "" "Error: cudaarch_parse: FROM needs a value; ${parse_usage}\n")

check_script(format.error_variable_without_value [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out CMAKE 75 ERROR_VARIABLE)
]=] 1 "" "Error: cudaarch_format: ERROR_VARIABLE needs a value; ${format_usage}\n")

# A keyword these functions do not have is read as an architecture, and refused as one.
check_script(parse.unknown_keyword [=[
include("${CUDAARCH_MODULE}")
cudaarch_parse(out 75 FORMAT TORCH)
]=] 1 "" "Error: cudaarch_parse: 'FORMAT' is not a CUDA architecture. ${accepted}\n")

check_script(format.unknown_keyword_error_variable [=[
include("${CUDAARCH_MODULE}")
cudaarch_format(out CMAKE 75 RESULT_VARIABLE x ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
]=] 0 "-- [] ['RESULT_VARIABLE' is not a CUDA architecture. ${accepted}]\n" "")

# The module

check_script(module.policies_untouched [=[
set(policies CMP0057 CMP0174)
foreach(p IN LISTS policies)
  if(POLICY ${p})
    cmake_policy(GET ${p} before_${p})
  endif()
endforeach()
include("${CUDAARCH_MODULE}")
set(changed "")
foreach(p IN LISTS policies)
  if(POLICY ${p})
    cmake_policy(GET ${p} after_${p})
    if(NOT "${before_${p}}" STREQUAL "${after_${p}}")
      list(APPEND changed ${p})
    endif()
  endif()
endforeach()
cudaarch_parse(out "7.5 8.6")
message(STATUS "[${changed}] [${out}]")
]=] 0 "-- [] [75-real;86-real]\n" "")

check_script(module.no_variables_left [=[
get_cmake_property(before VARIABLES)
include("${CUDAARCH_MODULE}")
include("${CUDAARCH_MODULE}")
cudaarch_format(out TORCH "8.6(7.5)" ERROR_VARIABLE err)
get_cmake_property(after VARIABLES)
# include() itself sets CMAKE_PARENT_LIST_FILE.
list(REMOVE_ITEM after ${before} before out err CMAKE_PARENT_LIST_FILE)
message(STATUS "[${after}]")
]=] 0 "-- []\n" "Warning: cudaarch_format: sm_86 built from compute_75 is written as 8.6 in \
TORCH format, which ${lossy}\n")

# A broken data file stops the first public command called, named: the database is read
# through the argument checker, under that command's name (the diagnostics keep a message's
# first line; the second names the record).
set(broken "${WORK_DIR}/broken_database")
file(REMOVE_RECURSE "${broken}")
file(COPY "${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch" DESTINATION "${broken}/cmake")
file(WRITE "${broken}/cmake/data/cuda-architectures.txt" "cc|7.5|Turing\n")
check_script(database.broken "include(\"${broken}/cmake/cudaarch/cudaarch_format.cmake\")
cudaarch_format(out CMAKE 75)" 1 "" "Error: cudaarch_format: the architecture database ${broken}/cmake/data/cuda-architectures.txt: \
a cc record has 9 fields, not 3\n")
file(REMOVE "${broken}/cmake/data/cuda-architectures.txt")
check_script(database.missing "include(\"${broken}/cmake/cudaarch/cudaarch_supported.cmake\")
cudaarch_supported(out)" 1 "" "Error: cudaarch_supported: the architecture database \
${broken}/cmake/data/cuda-architectures.txt is missing\n")

check_finish()
