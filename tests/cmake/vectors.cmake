# Reading the shared vector files (tests/vectors/*.tsv) in the runners: rows of TAB-separated
# columns, the first four required, the rest expected warnings; '#' starts a comment.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/CudaArch.cmake")
set_property(GLOBAL PROPERTY _VECTORS 0)
set_property(GLOBAL PROPERTY _VECTOR_FAILURES 0)

# Calls <function>(<line number> <column 0> ... <column 3> <warnings>) for each row of
# <file>, the expected warnings joined with "\n".
function(for_each_vector file function)
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
    if(n LESS 4)
      _cudaarch_placeholder_text(line RESTORE "${line}")
      message(FATAL_ERROR "${file}:${line_number}: fewer than 4 columns: ${line}")
    endif()
    set(warnings "")
    if(n GREATER 4)
      list(SUBLIST columns 4 -1 warnings)
      list(REMOVE_ITEM warnings "")
    endif()
    list(JOIN warnings "\n" warnings)
    list(SUBLIST columns 0 4 columns)
    list(APPEND columns "${warnings}")
    foreach(i RANGE 4)
      list(GET columns ${i} column)
      _cudaarch_placeholder_text(column_${i} RESTORE "${column}")
    endforeach()
    cmake_language(CALL ${function} ${line_number} "${column_0}" "${column_1}" "${column_2}"
                   "${column_3}" "${column_4}")
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
