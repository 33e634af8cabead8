# SPDX-License-Identifier: Apache-2.0
# Where a request's inputs are read, and how internal state is passed (docs/cmake-internals.md):
#   inputs_read_once      the environment variables a request comes from (CUDAARCHS,
#                         TORCH_CUDA_ARCH_LIST) are read in one place of cmake/,
#                         _cudaarch_request_inputs, and the request's functions read no
#                         environment variable by a name made at run time;
#   no_positional_lists   no module takes a field of a list by a fixed position past the
#                         third (list(GET <list> 3..)); only rows of a file format read
#                         column by column are exempt, each listed with its reason; and a
#                         closure (_cudaarch_bind) binds <name> <value> pairs, never bare
#                         values that its reader would take by their order.
# Comments and doc blocks (their examples) are skipped.
#   cmake -DRULE=inputs_read_once|no_positional_lists -DROOT=<repo> -P test_request_scan.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../layering_scan.cmake")
file(GLOB_RECURSE files "${ROOT}/cmake/*.cmake")
list(SORT files)
if(NOT files)
  check_fail("ROOT" "no module under '${ROOT}/cmake': give -DROOT=<repo>")
endif()

function(scan out_var regex)
  set(all "")
  foreach(file IN LISTS files)
    matching_lines(found "${file}" "${regex}")
    list(APPEND all ${found})
  endforeach()
  set(${out_var} "${all}" PARENT_SCOPE)
endfunction()

if(RULE STREQUAL "inputs_read_once")
  foreach(variable IN ITEMS CUDAARCHS TORCH_CUDA_ARCH_LIST)
    scan(reads "\\$ENV\\{${variable}\\}")
    list(TRANSFORM reads REPLACE ":[0-9]+: .*$" "")
    check_equal("files reading \$ENV{${variable}}" "${reads}" "request_inputs.cmake")
  endforeach()
  set(dynamic "")
  foreach(file IN LISTS files)
    if(file MATCHES "/(request|select|cudaarch_set_architectures|CudaArchBeforeProject)\\.cmake$")
      matching_lines(found "${file}" "\\$ENV\\{\\$")
      list(APPEND dynamic ${found})
    endif()
  endforeach()
  check_equal("environment read by a name made at run time in the request's files" "${dynamic}" "")
elseif(RULE STREQUAL "no_positional_lists")
  scan(positional "list\\(GET [^ )]+ ([3-9]|[1-9][0-9]+)[ )]")
  # Rows of a file format, read by its documented columns: the data file's cc and cuda records
  # (database.cmake, docs/data-format.md) and nvidia-smi's CSV (detect.cmake).
  list(FILTER positional EXCLUDE REGEX "^(database|detect)\\.cmake:[0-9]+: list\\(GET fields [0-9]+ [a-z_]+\\)$")
  check_equal("lists read by a fixed position past the third" "${positional}" "")
  scan(bound "_cudaarch_bind\\([^ )]+ [^ )]+ [^A-Za-z]")
  check_equal("closures bound without names" "${bound}" "")
else()
  check_fail("RULE" "give -DRULE=inputs_read_once or -DRULE=no_positional_lists, not '${RULE}'")
endif()
check_finish()
