# SPDX-License-Identifier: Apache-2.0
# Issue 44, item 10: find_package(CudaArch) in cmake -P stopped with "add_executable command
# is not scriptable" (the package's imported targets), and each detection left a
# ./cudaarch-detect/<hex>/ folder in the working directory. script/user.cmake runs in an
# empty folder against the build tree's package (CASE_BUILD_DIR), the probe a fake that
# answers "no driver" and no PCI devices (a GPU machine's would be found by PCI ID); then what is left there, and in its TMPDIR, is listed.
set(cwd "${CMAKE_CURRENT_BINARY_DIR}/cwd")
set(tmp "${CMAKE_CURRENT_BINARY_DIR}/tmp")
file(REMOVE_RECURSE "${cwd}" "${tmp}")
file(MAKE_DIRECTORY "${cwd}" "${tmp}")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/probe/probe.in" "#!/bin/sh\necho 'cudaarch-probe|1'\necho 'status|no-driver|none'\n")
file(COPY "${CMAKE_CURRENT_BINARY_DIR}/probe/probe.in" DESTINATION "${CMAKE_CURRENT_BINARY_DIR}/probe/bin"
     FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
execute_process(
  COMMAND "${CMAKE_COMMAND}" -E env "TMPDIR=${tmp}" CUDA_VISIBLE_DEVICES=-1
          "CUDAARCH_SYSFS_ROOT=${CMAKE_CURRENT_BINARY_DIR}/no-sysfs"
          "${CMAKE_COMMAND}" "-DCudaArch_DIR=${CASE_BUILD_DIR}"
          "-D_CUDAARCH_DETECT_PROBE_COMMAND=${CMAKE_CURRENT_BINARY_DIR}/probe/bin/probe.in"
          -P "${CMAKE_CURRENT_LIST_DIR}/script/user.cmake"
  WORKING_DIRECTORY "${cwd}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
execute_process(COMMAND "${CMAKE_COMMAND}" -E echo_append "${out}")
if(NOT err STREQUAL "")
  message("${err}")
endif()
file(GLOB_RECURSE left_cwd RELATIVE "${cwd}" LIST_DIRECTORIES true "${cwd}/*")
file(GLOB_RECURSE left_tmp RELATIVE "${tmp}" LIST_DIRECTORIES true "${tmp}/*")
message(STATUS "LEFT in the working directory [${left_cwd}], in TMPDIR [${left_tmp}]")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the script failed")
endif()
