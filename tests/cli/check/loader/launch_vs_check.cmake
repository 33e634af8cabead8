# SPDX-License-Identifier: Apache-2.0
# The real launch against check: runs `app` (its own kernel, then libk80.so's) on this
# machine's GPU and compares each kernel's result with check's verdict for the file that holds
# it, on the GPU the driver reports. "SKIP: ..." without a GPU.
#   cmake -DCUDAARCH=<cudaarch> -DAPP=<app> -P launch_vs_check.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
include("${CMAKE_CURRENT_LIST_DIR}/../../../gpu/skip_without_gpu.cmake")
skip_without_gpu("${CUDAARCH}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env CUDA_VISIBLE_DEVICES=0 "${APP}" OUTPUT_VARIABLE launched RESULT_VARIABLE rc)
execute_process(COMMAND "${CMAKE_COMMAND}" -E env CUDA_VISIBLE_DEVICES=0 "${CUDAARCH}" check --json "${APP}"
                OUTPUT_VARIABLE json)
message(STATUS "${launched}")
set(failures "")
# The program's own kernel is in files[0], the library's in files[1] (the library it loads).
foreach(pair IN ITEMS "add_kernel|0" "scale_kernel|1")
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 kernel)
  list(GET pair 1 file)
  string(JSON path GET "${json}" files ${file} path)
  string(JSON runs GET "${json}" files ${file} runs)
  string(REGEX MATCH "${kernel}: [^\n]*" line "${launched}")
  set(ran FALSE)
  if(line STREQUAL "${kernel}: no error")
    set(ran TRUE)
  endif()
  message(STATUS "${kernel} (${path}): launch '${line}', check runs=${runs}")
  if((ran AND NOT runs) OR (NOT ran AND runs))
    string(APPEND failures "${kernel}: the launch says '${line}', check says runs=${runs} for ${path}\n")
  endif()
endforeach()
if(failures)
  message(FATAL_ERROR "${failures}")
endif()
