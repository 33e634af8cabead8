# SPDX-License-Identifier: Apache-2.0
# What the vectors cannot show: empty specs, bytes that CMake lists and variable
# references treat specially ([ ] \ ; $ "), Unicode, the argument forms, and 100,000
# tokens in reasonable time.
#   cmake -P test_robustness.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
include("${CUDAARCH_MODULE}")

set(accepted "Accepted: 7.5, 7.5+PTX, 8.6(7.5), 75, 75-real, 75-virtual, sm_75, compute_75 \
(each also with an a or f suffix, as in 90a), nvcc flags (-gencode, -arch, -code) and GPU \
names such as 'A100'.")

# <expected>: "=<result>" or "!<error>", as in the vectors.
function(check_result name expected out err)
  if(err STREQUAL "")
    check_equal("${name}" "=${out}" "${expected}")
  else()
    check_equal("${name}" "!${err}" "${expected}")
  endif()
endfunction()

# Parses the arguments after <expected>. Forwarding them through ${ARGN} is faithful only
# for arguments without '\', '[', ']' and ';': the cases below that have them call
# cudaarch_parse themselves.
function(check_parse name expected)
  cudaarch_parse(out ${ARGN} ERROR_VARIABLE err)
  check_result("${name}" "${expected}" "${out}" "${err}")
endfunction()

# Empty specs
check_parse(empty.none "=")
check_parse(empty.string "=" "")
check_parse(empty.separators "=" " ; , \t\n" ";" "")

# Bytes that CMake lists split or group on, and variable-reference syntax: they must
# arrive and be quoted as written.
cudaarch_parse(out "[" ERROR_VARIABLE err)
check_result(bytes.open_bracket "!'[' is not a CUDA architecture. ${accepted}" "${out}" "${err}")
cudaarch_parse(out "75" "]" ERROR_VARIABLE err)
check_result(bytes.close_bracket "!']' is not a CUDA architecture. ${accepted}" "${out}" "${err}")
cudaarch_parse(out "[7.5 8.0]" ERROR_VARIABLE err)
check_result(bytes.brackets_around "!'[7.5 8.0]' is not a CUDA architecture. ${accepted}"
  "${out}" "${err}")
cudaarch_parse(out "[7.5" "8.0]" ERROR_VARIABLE err)
check_result(bytes.brackets_span_arguments "!'[7.5' is not a CUDA architecture. ${accepted}"
  "${out}" "${err}")
cudaarch_parse(out "\\" ERROR_VARIABLE err)
check_result(bytes.backslash "!'\\' is not a CUDA architecture. ${accepted}" "${out}" "${err}")
cudaarch_parse(out "sm_75\\" "75" ERROR_VARIABLE err)
check_result(bytes.trailing_backslash "!'sm_75\\' is not a CUDA architecture. ${accepted}"
  "${out}" "${err}")
cudaarch_parse(out "a\\;75" ERROR_VARIABLE err)
check_result(bytes.backslash_semicolon "!'a\\' is not a CUDA architecture. ${accepted}"
  "${out}" "${err}")
cudaarch_parse(out "-gencode" "arch=compute_80,code=[sm_80," "compute_80]" ERROR_VARIABLE err)
check_result(bytes.bracket_list_over_arguments "=80" "${out}" "${err}")
check_parse(bytes.variable_reference "!'\${CMAKE_COMMAND}' is not a CUDA architecture. ${accepted}"
  "\${CMAKE_COMMAND}")
check_parse(bytes.dollar "!'\$' is not a CUDA architecture. ${accepted}" "75" "\$")
check_parse(bytes.quote "!'7.5\"' is not a CUDA architecture. ${accepted}" "7.5\"")
check_parse(bytes.hash "!'#75' is not a CUDA architecture. ${accepted}" "#75")
cudaarch_parse(out "7.5;86" "75-real" ERROR_VARIABLE err)
check_result(bytes.semicolon_inside_argument "=75-real;86" "${out}" "${err}")
cudaarch_parse(out "-gencode arch=compute_80,code=[sm_80" "7.5" ERROR_VARIABLE err)
check_result(bytes.unclosed_bracket_to_the_end
  "!'arch=compute_80,code=[sm_80 7.5': unclosed '['." "${out}" "${err}")
# Control bytes are shown as escapes (issue 22): a terminal acts on raw ones.
string(ASCII 7 bell)
check_parse(bytes.control "!'a\\x07b' is not a CUDA architecture. ${accepted}" "a${bell}b")
string(ASCII 27 esc)
check_parse(bytes.escape "!'\\ec' is not a CUDA architecture. ${accepted}" "${esc}c")
# Bytes 1 to 4 stand in for ';', '[', ']' and '\' inside the engine: a user's own are
# read as '?', never as those characters.
string(ASCII 1 byte1)
check_parse(bytes.placeholder_byte "!'7.5?8.6' is not a CUDA architecture. ${accepted}"
  "7.5${byte1}8.6")
string(ASCII 5 byte5)
check_parse(bytes.byte5 "!'\\x05' is not a CUDA architecture. ${accepted}" "75 ${byte5} 86")
# The ends of the escaped range, which _cudaarch_escape tests for at once.
string(ASCII 31 byte31)
string(ASCII 127 del)
check_parse(bytes.byte31_del "!'\\x1f\\x7f' is not a CUDA architecture. ${accepted}" "75 ${byte31}${del} 86")

# Unicode: bytes pass through; a non-ASCII digit is no digit.
check_parse(unicode.word "!'été' is not a CUDA architecture. ${accepted}" "7.5 été")
check_parse(unicode.emoji "!'🚀' is not a CUDA architecture. ${accepted}" "A100" "🚀")
check_parse(unicode.fullwidth_digits "!'９０' is not a CUDA architecture. ${accepted}" "９０")
string(ASCII 194 160 nbsp)
check_parse(unicode.nbsp_is_no_space "!'7.5${nbsp}8.0' is not a CUDA architecture. ${accepted}"
  "7.5${nbsp}8.0")

# 100,000 tokens, as one argument, as one argument per token and space-separated; the
# last case fails at its very end.
function(check_many name expected)
  string(TIMESTAMP start "%s")
  check_parse("${name}" "${expected}" ${ARGN})
  string(TIMESTAMP end "%s")
  math(EXPR seconds "${end} - ${start}")
  message("${name}: ${seconds} s")
endfunction()
string(REPEAT "75;86;sm_90;8.6+PTX;100f-real;" 20000 many)
check_many(many.one_argument "=75;86;90-real;100f-real" "${many}")
check_many(many.arguments "=75;86;90-real;100f-real" ${many})
string(REPLACE ";" " " spaced "${many}")
check_many(many.spaces "=75;86;90-real;100f-real" "${spaced}")
check_many(many.error_at_the_end
  "!'sm_91' names compute capability 9.1, which does not exist; the nearest is 9.0."
  "${many}sm_91")

check_finish()
