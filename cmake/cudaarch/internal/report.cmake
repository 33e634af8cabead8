# SPDX-License-Identifier: Apache-2.0
# Internal: the configure report (<build>/cudaarch-report.txt, and the status lines unless
# CUDAARCH_QUIET) and the warnings given once per configure, however many directories call
# in; and the report's verdict on each GPU: what it runs of the build, in words, for whole
# programs and, at the directory's end, for the linked targets with separable compilation.
# The verdicts themselves are runs_on.cmake's.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/database.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/detect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/driver_jit.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/runs_on.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/targets.cmake")

# Appends a line to the configure report: printed unless CUDAARCH_QUIET, always written to
# <build>/cudaarch-report.txt, which the first line of each configure starts afresh. A line
# already reported in this configure (another directory asking for the same) is left out.
function(_cudaarch_report line)
  get_property(started GLOBAL PROPERTY _CUDAARCH_REPORT_STARTED)
  set(file "${CMAKE_BINARY_DIR}/cudaarch-report.txt")
  if(NOT started)
    file(WRITE "${file}" "")
    set_property(GLOBAL PROPERTY _CUDAARCH_REPORT_STARTED TRUE)
  endif()
  _cudaarch_once(first "report" "${line}")
  if(NOT first)
    return()
  endif()
  file(APPEND "${file}" "${line}\n")
  if(NOT CUDAARCH_QUIET)
    message(STATUS "CudaArch: ${line}")
  endif()
endfunction()

# <command>'s warning, given once per configure however many directories call in.
function(_cudaarch_warn_once command text)
  _cudaarch_once(first "warning" "${text}")
  if(first)
    message(WARNING "${command}: ${text}")
  endif()
endfunction()

# <command>'s notice of what it did in place of the request, given once per configure: one
# line on stderr, which no log level below WARNING hides, with no CMake warning block and
# call stack around it: expected where it arises (the no-GPU fallback on a CI runner), yet
# never silent.
function(_cudaarch_notice_once command text)
  _cudaarch_once(first "notice" "${text}")
  if(first)
    message(NOTICE "${command}: ${text}")
  endif()
endfunction()

# <out-var> is TRUE the first time this configure sees <text> of <kind>, else FALSE.
function(_cudaarch_once out_var kind text)
  string(MD5 key "${kind}|${text}")
  get_property(seen GLOBAL PROPERTY _CUDAARCH_SEEN_${key} SET)
  set_property(GLOBAL PROPERTY _CUDAARCH_SEEN_${key} TRUE)
  if(seen)
    set(${out_var} FALSE PARENT_SCOPE)
  else()
    set(${out_var} TRUE PARENT_SCOPE)
  endif()
endfunction()

# Why the PTX ISA <isa> of nvcc <nvcc_version> fails on <driver> for GPU <gpu> (90), and
# the fix: a newer driver, or SASS.
function(_cudaarch_unsupported_ptx_text out_var driver isa nvcc_version gpu)
  _cudaarch_newest_jit_release(newest "${driver}")
  set(limit "no PTX ISA cudaarch knows")
  if(NOT newest STREQUAL "")
    string(REPLACE "." "_" id "${newest}")
    get_property(newest_isa GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_PTX)
    set(limit "up to PTX ISA ${newest_isa} (CUDA ${newest})")
  endif()
  _cudaarch_release_for_ptx_isa(needed "${isa}")
  get_property(releases GLOBAL PROPERTY _CUDAARCH_CUDA_RELEASES)
  list(GET releases -1 last)
  set(update "one newer than CUDA ${last}")
  if(NOT needed STREQUAL "")
    string(REPLACE "." "_" id "${needed}")
    get_property(minimum GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_DRIVER)
    set(update "a CUDA ${needed} one")
    if(NOT minimum STREQUAL "")
      set(update "${minimum} or newer")
    endif()
  endif()
  set(isa_text "PTX ISA ${isa}")
  if(isa STREQUAL "")
    set(isa_text "a PTX ISA newer than cudaarch knows")
  endif()
  set(${out_var} "its only image is PTX from nvcc ${nvcc_version} (${isa_text}), and driver ${driver} \
JIT-compiles ${limit}: it fails with error 222 (CUDA_ERROR_UNSUPPORTED_PTX_VERSION); update the \
driver to ${update}, or add ${gpu} for SASS" PARENT_SCOPE)
endfunction()

# What a GPU of capability <gpu> (90) runs of a binary built for <list>, in the report's
# words; with <rdc> TRUE for a program with separable compilation, device-linked for the same
# list (CudaArch gives the device link the compile's architectures). Its device link keeps
# the SASS and leaves the PTX relocatable, so the C++ loader model (runs_on of a
# ProgramBuild, tests/unit/compat_test.cpp RunsOn.RdcProgramOfTheSameList) turns the verdicts
# of _cudaarch_runs_on into: native linked SASS; PTX JIT and load-time link of relocatable
# PTX; no image as error 500. tests/cmake/rdc/report_vs_check.cmake holds them to `cudaarch check`
# on the linked binary. With the GPU's <driver> (empty: not known), PTX that nvcc
# <nvcc_version> writes with an ISA newer than the driver takes cannot run (error 222).
function(_cudaarch_gpu_verdict_text out_var list gpu rdc driver nvcc_version)
  _cudaarch_nvcc_ptx_isa(isa known "${nvcc_version}")
  if(NOT known)
    set(driver "")
  endif()
  _cudaarch_runs_on_driver(verdict image "${list}" "${gpu}" "${driver}" "${isa}")
  if(verdict STREQUAL "unsupported-ptx")
    _cudaarch_unsupported_ptx_text(why "${driver}" "${isa}" "${nvcc_version}" "${gpu}")
    set(text "cannot run this build: ${why}")
  elseif(verdict STREQUAL "native" AND rdc)
    set(text "native linked SASS (sm_${image})")
  elseif(verdict STREQUAL "native")
    set(text "native SASS (sm_${image})")
  elseif(verdict STREQUAL "jit" AND rdc)
    set(text "JIT and load-time link of relocatable compute_${image}: slower first launch, and a link at every process start; add ${gpu} for native code")
  elseif(verdict STREQUAL "jit")
    set(text "PTX JIT from compute_${image}: slower first launch; add ${gpu} for native code")
  elseif(rdc)
    set(text "cannot run this build: no kernel image (error 500, \"named symbol not found\"); add ${gpu} to the compile and the device link")
  else()
    set(text "cannot run this build: no kernel image (error 209); add ${gpu}")
  endif()
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# The report's line on one GPU, a device record of _cudaarch_detect, for <list> built by nvcc
# <nvcc_version>; <what> names the binaries after the GPU (", separable compilation (app)"),
# empty for whole programs. A detected GPU is judged under this machine's driver, version
# <driver> (empty without one); those CUDAARCH_GPUS names run elsewhere, under another.
function(_cudaarch_report_gpu device list rdc what nvcc_version machine_driver)
  string(REPLACE "|" ";" fields "${device}")
  list(GET fields 0 index)
  list(GET fields 1 cc)
  list(GET fields 2 name)
  string(REPLACE "." "" gpu "${cc}")
  set(driver "")
  if(NOT index STREQUAL "-")
    set(driver "${machine_driver}")
  endif()
  _cudaarch_gpu_verdict_text(text "${list}" "${gpu}" "${rdc}" "${driver}" "${nvcc_version}")
  if(index STREQUAL "-")  # named by CUDAARCH_GPUS, not detected
    _cudaarch_report("GPU ${cc} (CUDAARCH_GPUS)${what}: ${text}")
  else()
    _cudaarch_report("GPU ${index} ${name} (${cc})${what}: ${text}")
  endif()
endfunction()

# The report's line on forward compatibility for <list>, by the rule of runs_on(): plain PTX
# JIT-compiles for every newer GPU; family PTX (compute_100f) only within its family, and
# arch-specific PTX (compute_90a) only on its own capability, so neither reaches newer families.
function(_cudaarch_forward_compatibility out_line list)
  set(ptx "")
  set(bounded "")
  foreach(entry IN LISTS list)
    if(entry MATCHES "-real$" OR NOT entry MATCHES "^([0-9]+)([0-9])([af]?)")
      continue()
    endif()
    if(CMAKE_MATCH_3 STREQUAL "f")
      list(APPEND bounded "compute_${CMAKE_MATCH_1}${CMAKE_MATCH_2}f only on the ${CMAKE_MATCH_1}.x family")
    elseif(CMAKE_MATCH_3 STREQUAL "a")
      list(APPEND bounded "compute_${CMAKE_MATCH_1}${CMAKE_MATCH_2}a only on ${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
    else()
      set(ptx "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
    endif()
  endforeach()
  string(REPLACE ";" ", " bounded "${bounded}")
  if(ptx)
    set(line "forward compatibility: PTX up to compute_${ptx}; newer GPUs JIT-compile it")
    if(bounded)
      string(APPEND line " (${bounded})")
    endif()
  elseif(bounded)
    set(line "forward compatibility: none beyond their families, PTX ${bounded}; newer GPUs cannot run this build")
  else()
    set(line "forward compatibility: none, no PTX; GPUs newer than the newest SASS cannot run this build")
  endif()
  set(${out_line} "${line}" PARENT_SCOPE)
endfunction()

# The report's lines on the detected GPUs and on forward compatibility for <list>, built by
# nvcc <nvcc_version>, as whole programs run it. From CMake 3.19, when the calling directory
# ends, the linked targets of its tree with separable compilation get lines of their own
# (_cudaarch_report_rdc_targets). <command>: the public command reporting; <hooks>: the
# detection's test hooks it read (_cudaarch_detect_hooks).
function(_cudaarch_report_gpus list value nvcc_version command hooks)
  _cudaarch_detect(gpus devices reason 60 ${command} "${hooks}")
  _cudaarch_detect_hook_values(probe proc "${hooks}")
  _cudaarch_driver_version(driver "${proc}")
  get_property(origin GLOBAL PROPERTY _CUDAARCH_DETECT_ORIGIN)
  if(origin)
    _cudaarch_report("GPUs: from the machine-wide detection cache ${origin}, not probed; CUDAARCH_DETECT_REFRESH=ON probes again")
  endif()
  # Every other machine-wide cache file used, and every folder or file not trusted.
  get_property(log GLOBAL PROPERTY _CUDAARCH_MACHINE_CACHE_LOG)
  foreach(line IN LISTS log)
    _cudaarch_report("${line}")
  endforeach()
  if(NOT devices)
    # The reason is the detection check's, printed once just before.
    _cudaarch_report("GPUs: none detected")
  endif()
  foreach(device IN LISTS devices)
    _cudaarch_report_gpu("${device}" "${list}" FALSE "" "${nvcc_version}" "${driver}")
  endforeach()
  _cudaarch_forward_compatibility(line "${list}")
  _cudaarch_report("${line}")
  # The devices are kept: at the directory's end CMAKE_CUDA_COMPILER is set, a new detection key.
  if(devices AND CMAKE_VERSION VERSION_GREATER_EQUAL 3.19 AND NOT CMAKE_SCRIPT_MODE_FILE)
    set_property(DIRECTORY PROPERTY _CUDAARCH_REPORT_LIST "${list}")
    set_property(DIRECTORY PROPERTY _CUDAARCH_REPORT_VALUE "${value}")
    set_property(DIRECTORY PROPERTY _CUDAARCH_REPORT_NVCC "${nvcc_version}")
    set_property(DIRECTORY PROPERTY _CUDAARCH_REPORT_DEVICES "${devices}")
    set_property(DIRECTORY PROPERTY _CUDAARCH_REPORT_DRIVER "${driver}")
    get_property(scheduled DIRECTORY PROPERTY _CUDAARCH_REPORT_RDC_SCHEDULED)
    if(NOT scheduled)
      set_property(DIRECTORY PROPERTY _CUDAARCH_REPORT_RDC_SCHEDULED TRUE)
      cmake_language(DEFER CALL _cudaarch_report_rdc_targets "${CMAKE_CURRENT_SOURCE_DIR}")
    endif()
  endif()
endfunction()

# At the end of directory <top>: for each list that linked targets of its tree with separable
# compilation are built for, one line per GPU on what those binaries run.
function(_cudaarch_report_rdc_targets top)
  get_property(directory_list DIRECTORY "${top}" PROPERTY _CUDAARCH_REPORT_LIST)
  get_property(value DIRECTORY "${top}" PROPERTY _CUDAARCH_REPORT_VALUE)
  get_property(devices DIRECTORY "${top}" PROPERTY _CUDAARCH_REPORT_DEVICES)
  get_property(nvcc_version DIRECTORY "${top}" PROPERTY _CUDAARCH_REPORT_NVCC)
  get_property(driver DIRECTORY "${top}" PROPERTY _CUDAARCH_REPORT_DRIVER)
  _cudaarch_directory_tree_targets(targets "${top}")
  set(lists "")
  foreach(target IN LISTS targets)
    get_target_property(type "${target}" TYPE)
    if(NOT type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY)$")
      continue()
    endif()
    _cudaarch_target_list(list "${target}" "${directory_list}" "${value}")
    _cudaarch_target_is_rdc(rdc "${target}")
    if(list STREQUAL "" OR NOT rdc)
      continue()
    endif()
    string(MD5 key "${list}")
    if(NOT key IN_LIST lists)
      list(APPEND lists ${key})
      set(list_${key} "${list}")
    endif()
    list(APPEND targets_${key} "${target}")
  endforeach()
  foreach(key IN LISTS lists)
    list(LENGTH targets_${key} count)
    set(names "${targets_${key}}")
    if(count GREATER 3)
      list(SUBLIST names 0 3 names)
      math(EXPR more "${count} - 3")
      list(APPEND names "and ${more} more")
    endif()
    string(REPLACE ";" ", " names "${names}")
    set(what ", separable compilation (${names})")
    if(NOT list_${key} STREQUAL directory_list)
      string(REPLACE ";" "," shown "${list_${key}}")
      set(what ", separable compilation, ${shown} (${names})")
    endif()
    foreach(device IN LISTS devices)
      _cudaarch_report_gpu("${device}" "${list_${key}}" TRUE "${what}" "${nvcc_version}" "${driver}")
    endforeach()
  endforeach()
endfunction()
