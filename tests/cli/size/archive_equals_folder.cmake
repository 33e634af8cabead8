# SPDX-License-Identifier: Apache-2.0
# cmake -DCUDAARCH=<cudaarch> -DARCHIVE=<wheel or conda package> -DFOLDER=<its files unpacked> -P archive_equals_folder.cmake
# Fails unless `cudaarch size --json ARCHIVE`, which reads the archive in place, gives each
# file the sizes `cudaarch size --json FOLDER` gives the same file unpacked, and the same
# per-architecture and overall totals.
foreach(input IN ITEMS ARCHIVE FOLDER)
  execute_process(COMMAND "${CUDAARCH}" size --json "${${input}}" OUTPUT_VARIABLE json_${input} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cudaarch size --json ${${input}} exited ${rc}:\n${json_${input}}")
  endif()
  # Each file by its name, without the archive's or the folder's path.
  set(files_${input})
  string(JSON count LENGTH "${json_${input}}" files)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON path GET "${json_${input}}" files ${i} path)
    get_filename_component(name "${path}" NAME)
    string(JSON file GET "${json_${input}}" files ${i})
    string(JSON file REMOVE "${file}" path)
    list(APPEND files_${input} "${name}=${file}")
  endforeach()
  list(SORT files_${input})
  string(JSON archs_${input} GET "${json_${input}}" archs)
  string(JSON total_${input} GET "${json_${input}}" total)
endforeach()
foreach(part IN ITEMS files archs total)
  if(NOT "${${part}_ARCHIVE}" STREQUAL "${${part}_FOLDER}")
    message(FATAL_ERROR "${part} of ${ARCHIVE}:\n${${part}_ARCHIVE}\ndiffer from those of ${FOLDER}:\n${${part}_FOLDER}")
  endif()
endforeach()
