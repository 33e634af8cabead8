# SPDX-License-Identifier: Apache-2.0
# Reading the shared vector files (tests/vectors/*.tsv) in the runners: rows of TAB-separated
# columns, the first four (or COLUMNS) required, the rest expected warnings; '#' starts a
# comment.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/CudaArch.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")
set_property(GLOBAL PROPERTY _VECTORS 0)
set_property(GLOBAL PROPERTY _VECTOR_FAILURES 0)

# The runner of tests/vectors/<name>.tsv reads VECTORS, by default that file, and writes the
# fake nvccs of its rows under WORK_DIR, by default <name>_vectors in the folder it runs in;
# -DVECTORS and -DWORK_DIR set either.
function(vector_inputs name)
  if(NOT DEFINED VECTORS)
    set(VECTORS "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../vectors/${name}.tsv" PARENT_SCOPE)
  endif()
  if(NOT DEFINED WORK_DIR)
    set(WORK_DIR "${CMAKE_CURRENT_BINARY_DIR}/${name}_vectors" PARENT_SCOPE)
  endif()
endfunction()

# Calls <function>(<line number> <column 0> ... <column n-1> <warnings>) for each row of
# <file>, n = COLUMNS (3, 5 or the default 4), the expected warnings joined with "\n".
function(for_each_vector file function)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "COLUMNS" "")
  set(required 4)
  if(arg_COLUMNS)
    set(required ${arg_COLUMNS})
  endif()
  file(READ "${file}" content)
  # The rows hold ';', '[', ']' and '\', which CMake lists split or group on: keep them
  # behind the engine's placeholder bytes while the text is held in lists.
  _cudaarch_placeholder_text(content PROTECT "${content}")
  string(REPLACE "\r" "" content "${content}")
  string(REPLACE "\n" ";" lines "${content}")
  set(line_number 0)
  foreach(line IN LISTS lines)
    math(EXPR line_number "${line_number} + 1")
    if(line MATCHES "^(#|$)")
      continue()
    endif()
    string(REPLACE "\t" ";" columns "${line}")
    list(LENGTH columns n)
    if(n LESS required)
      _cudaarch_placeholder_text(line RESTORE "${line}")
      message(FATAL_ERROR "${file}:${line_number}: fewer than ${required} columns: ${line}")
    endif()
    set(warnings "")
    if(n GREATER required)
      list(SUBLIST columns ${required} -1 warnings)
      list(REMOVE_ITEM warnings "")
    endif()
    list(JOIN warnings "\n" warnings)
    list(SUBLIST columns 0 ${required} columns)
    list(APPEND columns "${warnings}")
    foreach(i RANGE ${required})
      list(GET columns ${i} column)
      _cudaarch_placeholder_text(column_${i} RESTORE "${column}")
    endforeach()
    # Each column quoted on its own: an empty one must stay an argument.
    if(required EQUAL 3)
      cmake_language(CALL ${function} ${line_number} "${column_0}" "${column_1}" "${column_2}" "${column_3}")
    elseif(required EQUAL 5)
      cmake_language(CALL ${function} ${line_number} "${column_0}" "${column_1}" "${column_2}"
                     "${column_3}" "${column_4}" "${column_5}")
    else()
      cmake_language(CALL ${function} ${line_number} "${column_0}" "${column_1}" "${column_2}"
                     "${column_3}" "${column_4}")
    endif()
  endforeach()
endfunction()

# Counts one row; prints it when the outcome ("=<output>", or "!<error>" when there is
# one) or <warnings> (a list) differ from the expected.
function(check_vector line description expect expected_warnings output error warnings)
  set(got "!${error}")
  if(error STREQUAL "")
    set(got "=${output}")
  endif()
  list(JOIN warnings "\n" warnings)
  get_property(count GLOBAL PROPERTY _VECTORS)
  math(EXPR count "${count} + 1")
  set_property(GLOBAL PROPERTY _VECTORS ${count})
  if(NOT got STREQUAL expect OR NOT warnings STREQUAL expected_warnings)
    get_property(failed GLOBAL PROPERTY _VECTOR_FAILURES)
    math(EXPR failed "${failed} + 1")
    set_property(GLOBAL PROPERTY _VECTOR_FAILURES ${failed})
    message("row ${line}: ${description}\n  expected: ${expect}\n  warnings: ${expected_warnings}\n"
            "  got:      ${got}\n  warnings: ${warnings}")
  endif()
endfunction()

# "N vectors, M failed"; fails when any row failed or none ran.
function(finish_vectors)
  get_property(count GLOBAL PROPERTY _VECTORS)
  get_property(failed GLOBAL PROPERTY _VECTOR_FAILURES)
  message("${count} vectors, ${failed} failed")
  if(count EQUAL 0 OR failed GREATER 0)
    message(FATAL_ERROR "${CMAKE_CURRENT_LIST_FILE}: vectors failed")
  endif()
endfunction()

# <out_var> = the fake nvcc replaying <fixture> (tests/toolkits/fixtures), written under
# WORK_DIR the first time a row asks for it.
function(vector_fixture_nvcc out_var fixture)
  get_property(nvcc GLOBAL PROPERTY _VECTOR_NVCC_${fixture})
  if(NOT nvcc)
    cudaarch_fixture_nvcc(nvcc "${fixture}" "${WORK_DIR}")
    set_property(GLOBAL PROPERTY _VECTOR_NVCC_${fixture} "${nvcc}")
  endif()
  set(${out_var} "${nvcc}" PARENT_SCOPE)
endfunction()
