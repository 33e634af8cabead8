# SPDX-License-Identifier: Apache-2.0
# Internal: what cudaarch_set_architectures and cudaarch_target_architectures share:
# resolving a request with the caller's options, expressing the result in this CMake
# (polyfilling suffixes it cannot write), and the configure report.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/detect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/driver_jit.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/resolve.cmake")

# Resolves <request> for <command>: <out-list> receives the CMake-format list, <out-model>
# the model it was rendered from (see notation.cmake). Prints the warnings as <command>'s;
# stops with a message naming where the request came from, also when nothing is left.
#   _cudaarch_apply_resolve(<out-list> <out-model> <command> <source> <request> <prefix>)
# <prefix>: the caller's argument prefix holding COMPILER, POLICY, FROM, NATIVE_FALLBACK
# and NATIVE_PTX ("" where not given).
function(_cudaarch_apply_resolve out_list out_model command source request prefix)
  set(native_ptx "")
  if(${prefix}_NATIVE_PTX)
    set(native_ptx NATIVE_PTX)
  endif()
  _cudaarch_resolve_impl(list warnings error "${request}" COMPILER "${${prefix}_COMPILER}"
    POLICY "${${prefix}_POLICY}" FROM "${${prefix}_FROM}" NATIVE_FALLBACK "${${prefix}_NATIVE_FALLBACK}"
    ${native_ptx} MODEL model)
  foreach(warning IN LISTS warnings)
    _cudaarch_warn_once(${command} "${warning}")
  endforeach()
  if(error)
    message(FATAL_ERROR "${command}: ${source} '${request}': ${error}")
  elseif(list STREQUAL "" AND warnings STREQUAL "")
    message(FATAL_ERROR "${command}: ${source} '${request}' names no architecture; name at least \
one (such as 86 or all-major), or OFF for no architecture flags")
  elseif(list STREQUAL "")
    message(FATAL_ERROR "${command}: ${source} '${request}': POLICY WARN left out every \
architecture, so nothing is left to build; name one this nvcc builds")
  endif()
  set(${out_list} "${list}" PARENT_SCOPE)
  set(${out_model} "${model}" PARENT_SCOPE)
endfunction()

# Whether this CMake builds <list> right from CUDA_ARCHITECTURES, as measured by running
# each release (docs/cmake-versions.md; tests/rdc/cmake_alone.cmake pins it): before 3.24
# CMake passes any suffix through unchecked; 3.24 rejects both; 'a' passes again from 3.25;
# 'f' from 3.31.10 on the 3.31 line and from 4.0.2. Releases not measured in between (3.31.7
# to 3.31.9, 4.0.1) get the polyfill, which builds the same images either way.
function(_cudaarch_cmake_can_express out_var list)
  set(ok TRUE)
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.24)
    if(list MATCHES "[0-9]a(-|;|$)" AND CMAKE_VERSION VERSION_LESS 3.25)
      set(ok FALSE)
    endif()
    if(list MATCHES "[0-9]f(-|;|$)" AND CMAKE_VERSION VERSION_LESS 4.0.2
       AND NOT (CMAKE_VERSION VERSION_GREATER_EQUAL 3.31.10 AND CMAKE_VERSION VERSION_LESS 4.0))
      set(ok FALSE)
    endif()
  endif()
  set(${out_var} ${ok} PARENT_SCOPE)
endfunction()

# The nvcc flags that build exactly <model>, as a CMake list: --generate-code=arch=…,code=….
# The long spelling, as CMake writes its own: ccache takes every option that starts with -g
# (-gencode too) for debug information and then hashes the build directory into the key, so
# a fresh build tree would miss the cache (tests/compiler_cache).
function(_cudaarch_gencode_flags out_var model)
  _cudaarch_format_model(flags warnings error GENCODE "${model}")
  separate_arguments(flags UNIX_COMMAND "${flags}")
  list(TRANSFORM flags REPLACE "^-gencode=" "--generate-code=")
  set(${out_var} "${flags}" PARENT_SCOPE)
endfunction()

# <flags> for the device-link step only (separable compilation, CUDA_RESOLVE_DEVICE_SYMBOLS),
# where nvlink otherwise links nvcc's default architecture. Commas as $<COMMA>: CMake 3.18's
# $<DEVICE_LINK:…> would split the code=[…] lists at them.
function(_cudaarch_device_link_options out_var flags)
  string(REPLACE "," "$<COMMA>" flags "${flags}")
  set(${out_var} "$<DEVICE_LINK:${flags}>" PARENT_SCOPE)
endfunction()

# How many threads one nvcc call gets (nvcc --threads, CUDA 11.2+) for <list> with an nvcc
# of <version>, sized so that Ninja's CUDA job pool times threads stays within the cores;
# 0 when not used. CUDAARCH_NVCC_THREADS: OFF opts out, a number fixes it.
function(_cudaarch_nvcc_threads out_threads out_pool_size list version)
  set(${out_threads} 0 PARENT_SCOPE)
  list(LENGTH list images)
  if((DEFINED CUDAARCH_NVCC_THREADS AND NOT CUDAARCH_NVCC_THREADS) OR images LESS 2
     OR NOT version OR version VERSION_LESS 11.2)
    return()
  endif()
  cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
  if(CUDAARCH_NVCC_THREADS)
    set(threads ${CUDAARCH_NVCC_THREADS})
  elseif(images LESS cores)
    set(threads ${images})
  else()
    set(threads ${cores})
  endif()
  math(EXPR pool "${cores} / ${threads}")
  if(pool LESS 1)
    set(pool 1)
  endif()
  set(${out_threads} ${threads} PARENT_SCOPE)
  set(${out_pool_size} ${pool} PARENT_SCOPE)
endfunction()

# The program that will provide a GNU make jobserver to nvcc --jobserver (nvcc 13.0+) at
# build time, or empty: GNU make 4.4+ under a Makefile generator. Older make (4.3) gives
# non-recursive recipes a jobserver they cannot open, which makes nvcc --jobserver fail, and
# Ninja (1.13.2, Kitware's included) is only a jobserver client, not a server.
function(_cudaarch_build_jobserver out_var nvcc_version)
  set(${out_var} "" PARENT_SCOPE)
  if(NOT CMAKE_GENERATOR MATCHES "Makefiles" OR NOT nvcc_version OR nvcc_version VERSION_LESS 13.0)
    return()
  endif()
  set(make "${CMAKE_MAKE_PROGRAM}")
  if(NOT make)
    _cudaarch_find_on_path(make make)
  endif()
  if(make)
    execute_process(COMMAND "${make}" --version OUTPUT_VARIABLE version ERROR_QUIET)
    if(version MATCHES "^GNU Make ([0-9.]+)" AND CMAKE_MATCH_1 VERSION_GREATER_EQUAL 4.4)
      set(${out_var} "GNU make ${CMAKE_MATCH_1}" PARENT_SCOPE)
    endif()
  endif()
endfunction()

# Every target of <dir> and the directories below it.
function(_cudaarch_directory_tree_targets out_var dir)
  set(all "")
  set(dirs "${dir}")
  while(dirs)
    list(GET dirs 0 dir)
    list(REMOVE_AT dirs 0)
    get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
    list(APPEND dirs ${subdirs})
    get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
    list(APPEND all ${targets})
  endwhile()
  set(${out_var} "${all}" PARENT_SCOPE)
endfunction()

# At the end of the calling directory, targets of its tree with CUDA sources and no job pool
# of their own compile in the Ninja pool cudaarch_nvcc; C++-only targets stay unlimited.
function(_cudaarch_pool_cuda_targets_later)
  cmake_language(DEFER CALL _cudaarch_pool_cuda_targets "${CMAKE_CURRENT_SOURCE_DIR}")
endfunction()

function(_cudaarch_pool_cuda_targets dir)
  _cudaarch_directory_tree_targets(targets "${dir}")
  foreach(target IN LISTS targets)
    get_target_property(sources "${target}" SOURCES)
    get_target_property(pool "${target}" JOB_POOL_COMPILE)
    if(sources MATCHES "\\.cu(;|$)" AND NOT pool)
      set_property(TARGET "${target}" PROPERTY JOB_POOL_COMPILE cudaarch_nvcc)
    endif()
  endforeach()
endfunction()

# The compile definition a CUDA program's runtime guard reads (<cudaarch/runtime.hpp>):
# the list with ',' for ';', which a definition cannot hold.
function(_cudaarch_built_for_definition out_var list)
  string(REPLACE ";" "," value "${list}")
  set(${out_var} "CUDAARCH_BUILT_FOR=\"${value}\"" PARENT_SCOPE)
endfunction()

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

# Which image of <list> a GPU of capability <gpu> (a number, 90) runs, as the C++ runs_on()
# decides (tests/vectors/runs_on.tsv): verdict native, jit or none, and the image (90a).
# Targets with separable compilation, device-linked for the same list, get the same verdict
# (tests/unit/compat_test.cpp, RunsOn.RdcProgramOfTheSameList): their PTX is JIT-compiled and
# linked at load, and "none" shows as error 500 instead of 209.
function(_cudaarch_runs_on out_verdict out_image list gpu)
  _cudaarch_load_database()
  get_property(gpu_tegra GLOBAL PROPERTY _CUDAARCH_CC_${gpu}_TEGRA)
  math(EXPR gpu_major "${gpu} / 10")
  math(EXPR gpu_minor "${gpu} % 10")
  set(native "")
  set(jit "")
  foreach(entry IN LISTS list)
    if(NOT entry MATCHES "^([0-9]+)([0-9])([af]?)(-real|-virtual)?$")
      continue()
    endif()
    set(major ${CMAKE_MATCH_1})
    set(minor ${CMAKE_MATCH_2})
    set(suffix "${CMAKE_MATCH_3}")
    set(kind "${CMAKE_MATCH_4}")
    get_property(tegra GLOBAL PROPERTY _CUDAARCH_CC_${major}${minor}_TEGRA)
    set(same_kind FALSE)
    if(tegra STREQUAL gpu_tegra)
      set(same_kind TRUE)
    endif()
    set(at_or_below FALSE)
    if(major LESS gpu_major OR (major EQUAL gpu_major AND NOT minor GREATER gpu_minor))
      set(at_or_below TRUE)
    endif()
    if(NOT kind STREQUAL "-virtual" AND same_kind AND major EQUAL gpu_major AND NOT minor GREATER gpu_minor
       AND (minor EQUAL gpu_minor OR NOT (suffix STREQUAL "a" OR gpu_tegra)))
      set(native "${major}${minor}${suffix}")
    endif()
    if(NOT kind STREQUAL "-real" AND at_or_below
       AND (suffix STREQUAL "" OR (suffix STREQUAL "a" AND major EQUAL gpu_major AND minor EQUAL gpu_minor)
            OR (suffix STREQUAL "f" AND major EQUAL gpu_major AND same_kind)))
      set(jit "${major}${minor}${suffix}")
    endif()
  endforeach()
  if(native)
    set(${out_verdict} native PARENT_SCOPE)
    set(${out_image} "${native}" PARENT_SCOPE)
  elseif(jit)
    set(${out_verdict} jit PARENT_SCOPE)
    set(${out_image} "${jit}" PARENT_SCOPE)
  else()
    set(${out_verdict} none PARENT_SCOPE)
    set(${out_image} "" PARENT_SCOPE)
  endif()
endfunction()

# _cudaarch_runs_on on a GPU whose <driver> is known, for a build whose PTX has ISA <isa>
# (empty: newer than every release in the database): a PTX JIT that the driver cannot do
# (_cudaarch_driver_jits says no) is verdict unsupported-ptx, error 222
# (CUDA_ERROR_UNSUPPORTED_PTX_VERSION), as `cudaarch check` judges it
# (tests/vectors/runs_on.tsv, the rows with a driver).
function(_cudaarch_runs_on_driver out_verdict out_image list gpu driver isa)
  _cudaarch_runs_on(verdict image "${list}" "${gpu}")
  if(verdict STREQUAL "jit" AND NOT driver STREQUAL "")
    _cudaarch_driver_jits(jits "${driver}" "${isa}")
    if(jits STREQUAL "no")
      set(verdict unsupported-ptx)
    endif()
  endif()
  set(${out_verdict} "${verdict}" PARENT_SCOPE)
  set(${out_image} "${image}" PARENT_SCOPE)
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

# The PTX ISA of nvcc <nvcc_version> (13.5.37) in <out_isa>, empty when it is newer than
# the database; <out_known> is FALSE for no nvcc or one older than the database.
function(_cudaarch_nvcc_ptx_isa out_isa out_known nvcc_version)
  _cudaarch_load_database()
  string(REGEX MATCH "^[0-9]+\\.[0-9]+" release "${nvcc_version}")
  string(REPLACE "." "_" id "${release}")
  get_property(isa GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_PTX)
  get_property(releases GLOBAL PROPERTY _CUDAARCH_CUDA_RELEASES)
  list(GET releases 0 first)
  set(known TRUE)
  if(release STREQUAL "" OR release VERSION_LESS first)
    set(known FALSE)
  endif()
  set(${out_isa} "${isa}" PARENT_SCOPE)
  set(${out_known} ${known} PARENT_SCOPE)
endfunction()

# What a GPU of capability <gpu> (90) runs of a binary built for <list>, in the report's
# words; with <rdc> TRUE for a program with separable compilation, device-linked for the same
# list (CudaArch gives the device link the compile's architectures). Its device link keeps
# the SASS and leaves the PTX relocatable, so the C++ loader model (runs_on of a
# ProgramBuild, tests/unit/compat_test.cpp RunsOn.RdcProgramOfTheSameList) turns the verdicts
# of _cudaarch_runs_on into: native linked SASS; PTX JIT and load-time link of relocatable
# PTX; no image as error 500. tests/rdc/report_vs_check.cmake holds them to `cudaarch check`
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
# empty for whole programs. A detected GPU is judged under this machine's driver; those
# CUDAARCH_GPUS names run elsewhere, under another.
function(_cudaarch_report_gpu device list rdc what nvcc_version)
  string(REPLACE "|" ";" fields "${device}")
  list(GET fields 0 index)
  list(GET fields 1 cc)
  list(GET fields 2 name)
  string(REPLACE "." "" gpu "${cc}")
  set(driver "")
  if(NOT index STREQUAL "-")
    _cudaarch_driver_version(driver)
  endif()
  _cudaarch_gpu_verdict_text(text "${list}" "${gpu}" "${rdc}" "${driver}" "${nvcc_version}")
  if(index STREQUAL "-")  # named by CUDAARCH_GPUS, not detected
    _cudaarch_report("GPU ${cc} (CUDAARCH_GPUS)${what}: ${text}")
  else()
    _cudaarch_report("GPU ${index} ${name} (${cc})${what}: ${text}")
  endif()
endfunction()

# The report's lines on the detected GPUs and on forward compatibility for <list>, built by
# nvcc <nvcc_version>, as whole programs run it. From CMake 3.19, when the calling directory
# ends, the linked targets of its tree with separable compilation get lines of their own
# (_cudaarch_report_rdc_targets).
function(_cudaarch_report_gpus list value nvcc_version)
  _cudaarch_detect(gpus devices reason 60)
  get_property(origin GLOBAL PROPERTY _CUDAARCH_DETECT_ORIGIN)
  if(origin)
    _cudaarch_report("GPUs: from the machine-wide detection cache ${origin}, not probed; CUDAARCH_DETECT_REFRESH=ON probes again")
  endif()
  if(NOT devices)
    # The reason is the detection check's, printed once just before.
    _cudaarch_report("GPUs: none detected")
  endif()
  foreach(device IN LISTS devices)
    _cudaarch_report_gpu("${device}" "${list}" FALSE "" "${nvcc_version}")
  endforeach()
  set(ptx "")
  foreach(entry IN LISTS list)
    if(NOT entry MATCHES "-real$")
      string(REGEX REPLACE "-virtual$" "" entry "${entry}")
      set(ptx "${entry}")
    endif()
  endforeach()
  if(ptx)
    _cudaarch_report("forward compatibility: PTX up to compute_${ptx}; newer GPUs JIT-compile it")
  else()
    _cudaarch_report("forward compatibility: none, no PTX; GPUs newer than the newest SASS cannot run this build")
  endif()
  # The devices are kept: at the directory's end CMAKE_CUDA_COMPILER is set, a new detection key.
  if(devices AND CMAKE_VERSION VERSION_GREATER_EQUAL 3.19 AND NOT CMAKE_SCRIPT_MODE_FILE)
    set_property(DIRECTORY PROPERTY _CUDAARCH_REPORT_LIST "${list}")
    set_property(DIRECTORY PROPERTY _CUDAARCH_REPORT_VALUE "${value}")
    set_property(DIRECTORY PROPERTY _CUDAARCH_REPORT_NVCC "${nvcc_version}")
    set_property(DIRECTORY PROPERTY _CUDAARCH_REPORT_DEVICES "${devices}")
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
      _cudaarch_report_gpu("${device}" "${list_${key}}" TRUE "${what}" "${nvcc_version}")
    endforeach()
  endforeach()
endfunction()

# The list <target> is built for: its own CUDAARCH_ARCHITECTURES (cudaarch_target_architectures),
# else the directory's <list> while its CUDA_ARCHITECTURES is still the directory's <value>;
# empty for a target that has no CUDA sources or set its architectures by other means.
function(_cudaarch_target_list out_var target list value)
  set(${out_var} "" PARENT_SCOPE)
  get_target_property(sources "${target}" SOURCES)
  if(NOT sources MATCHES "\\.cu(;|$)")
    return()
  endif()
  get_target_property(own "${target}" CUDAARCH_ARCHITECTURES)
  get_target_property(architectures "${target}" CUDA_ARCHITECTURES)
  if(own)
    set(${out_var} "${own}" PARENT_SCOPE)
  elseif("${architectures}" STREQUAL "${value}")
    set(${out_var} "${list}" PARENT_SCOPE)
  endif()
endfunction()

# Whether the file <target> links holds relocatable device code: it or a static or object
# library it links, directly or through other such libraries, has CUDA_SEPARABLE_COMPILATION.
# (CUDA_RESOLVE_DEVICE_SYMBOLS alone device-links whole-program code, which stays whole.)
function(_cudaarch_target_is_rdc out_var target)
  set(${out_var} FALSE PARENT_SCOPE)
  set(pending "${target}")
  set(seen "")
  while(pending)
    list(POP_FRONT pending current)
    list(APPEND seen "${current}")
    get_target_property(rdc "${current}" CUDA_SEPARABLE_COMPILATION)
    if(rdc)
      set(${out_var} TRUE PARENT_SCOPE)
      return()
    endif()
    get_target_property(linked "${current}" LINK_LIBRARIES)
    foreach(library IN LISTS linked)
      if(library MATCHES "^\\$<" OR NOT TARGET "${library}" OR library IN_LIST seen)
        continue()
      endif()
      get_target_property(type "${library}" TYPE)
      get_target_property(aliased "${library}" ALIASED_TARGET)
      if(aliased)
        set(library "${aliased}")
      endif()
      if(type MATCHES "^(STATIC_LIBRARY|OBJECT_LIBRARY)$")
        list(APPEND pending "${library}")
      endif()
    endforeach()
  endwhile()
endfunction()

# The user's explicit request, if any: CUDAARCH_ARCHITECTURES, or a CMAKE_CUDA_ARCHITECTURES
# that neither CMake nor this command wrote. Sets <source> empty if none.
function(_cudaarch_explicit_request request_var source_var dialect_var)
  set(${request_var} "" PARENT_SCOPE)
  set(${source_var} "" PARENT_SCOPE)
  set(${dialect_var} "" PARENT_SCOPE)
  get_property(ours GLOBAL PROPERTY _CUDAARCH_SET_VALUE)
  set(cmake_value "")
  set(cmake_source "the user's CMAKE_CUDA_ARCHITECTURES")
  _cudaarch_toolchain_architectures(toolchain_value)
  if(NOT toolchain_value STREQUAL "")
    # A toolchain file's value, which project() may not have read yet, or which CMake's
    # copy of CUDAARCHS dropped (policy CMP0126 OLD removes a normal variable).
    set(cmake_value "${toolchain_value}")
    set(cmake_source "the toolchain file's CMAKE_CUDA_ARCHITECTURES")
  elseif(DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT "${CMAKE_CUDA_ARCHITECTURES}" STREQUAL ""
         AND NOT "${CMAKE_CUDA_ARCHITECTURES}" STREQUAL "${ours}")
    _cudaarch_cmake_wrote_architectures(cmake_wrote)
    if(NOT cmake_wrote)
      set(cmake_value "${CMAKE_CUDA_ARCHITECTURES}")
    endif()
  endif()
  get_property(caught GLOBAL PROPERTY _CUDAARCH_CAUGHT_REQUEST)
  if(cmake_value STREQUAL "" AND NOT caught STREQUAL "")
    set(cmake_value "${caught}")
    set_property(GLOBAL PROPERTY _CUDAARCH_CAUGHT_TAKEN TRUE)
  endif()
  if(DEFINED CUDAARCH_ARCHITECTURES AND NOT "${CUDAARCH_ARCHITECTURES}" STREQUAL "")
    if(NOT cmake_value STREQUAL "" AND NOT "${cmake_value}" STREQUAL "${CUDAARCH_ARCHITECTURES}")
      message(FATAL_ERROR "cudaarch_set_architectures: both CUDAARCH_ARCHITECTURES='${CUDAARCH_ARCHITECTURES}' and CMAKE_CUDA_ARCHITECTURES='${cmake_value}' are set; keep one")
    endif()
    set(${request_var} "${CUDAARCH_ARCHITECTURES}" PARENT_SCOPE)
    set(${source_var} "the user's CUDAARCH_ARCHITECTURES" PARENT_SCOPE)
    # CMake tells a project no preset's name; CudaArch's presets record theirs with the
    # value they set (CUDAARCH_PRESET "<preset>: <value>"), which a -D given beside
    # --preset replaces in CUDAARCH_ARCHITECTURES only.
    if("${CUDAARCH_PRESET}" MATCHES "^(.+): (.*)$" AND CMAKE_MATCH_2 STREQUAL CUDAARCH_ARCHITECTURES)
      set(${source_var} "preset '${CMAKE_MATCH_1}' (CUDAARCH_ARCHITECTURES)" PARENT_SCOPE)
    endif()
  elseif(NOT cmake_value STREQUAL "")
    set(${request_var} "${cmake_value}" PARENT_SCOPE)
    set(${source_var} "${cmake_source}" PARENT_SCOPE)
    set(${dialect_var} CMAKE PARENT_SCOPE)
  endif()
endfunction()

# Whether CMake itself wrote the CMAKE_CUDA_ARCHITECTURES in effect: its copy of CUDAARCHS
# or its compiler default, both cached with the help string "CUDA architectures". The help
# string alone cannot tell: that copy is a set(CACHE STRING) that adopts an untyped -D entry
# with its value and gives it that help string too. So a cached value with CMake's help
# string is CMake's only where it equals CUDAARCHS or, without CUDAARCHS, CMake's default;
# the first verdict is kept in _CUDAARCH_CMAKE_WROTE_ARCHITECTURES, since the environment
# of a later configure may differ and CMake writes the cache only once.
function(_cudaarch_cmake_wrote_architectures out_var)
  set(${out_var} FALSE PARENT_SCOPE)
  get_property(help CACHE CMAKE_CUDA_ARCHITECTURES PROPERTY HELPSTRING)
  if(NOT help STREQUAL "CUDA architectures"
     OR NOT "${CMAKE_CUDA_ARCHITECTURES}" STREQUAL "$CACHE{CMAKE_CUDA_ARCHITECTURES}")
    return()  # a -D the copy did not touch, or a normal variable: a toolchain file, set()
  endif()
  if(DEFINED CACHE{_CUDAARCH_CMAKE_WROTE_ARCHITECTURES})
    if("${CMAKE_CUDA_ARCHITECTURES}" STREQUAL "$CACHE{_CUDAARCH_CMAKE_WROTE_ARCHITECTURES}")
      set(${out_var} TRUE PARENT_SCOPE)
    endif()
    return()  # else changed since CMake wrote it: cmake -D or a cache editor
  endif()
  _cudaarch_env_cudaarchs(env_cudaarchs)
  if(NOT env_cudaarchs STREQUAL "" AND NOT "${CMAKE_CUDA_ARCHITECTURES}" STREQUAL "${env_cudaarchs}"
     AND CMAKE_VERSION VERSION_GREATER_EQUAL 3.20)
    return()  # CMake's copy of CUDAARCHS (3.20+) kept a user's untyped -D
  endif()
  set(_CUDAARCH_CMAKE_WROTE_ARCHITECTURES "${CMAKE_CUDA_ARCHITECTURES}" CACHE INTERNAL
      "The CMAKE_CUDA_ARCHITECTURES that CMake wrote, not the user")
  set(${out_var} TRUE PARENT_SCOPE)
endfunction()

# The CUDAARCHS environment variable, also after _cudaarch_keep_before_project() hid it.
function(_cudaarch_env_cudaarchs out_var)
  get_property(hidden GLOBAL PROPERTY _CUDAARCH_ENV_CUDAARCHS SET)
  if(hidden)
    get_property(value GLOBAL PROPERTY _CUDAARCH_ENV_CUDAARCHS)
  else()
    set(value "$ENV{CUDAARCHS}")
  endif()
  set(${out_var} "${value}" PARENT_SCOPE)
endfunction()

# Before the CUDA language is enabled: keeps project() from replacing the result. CMake
# (3.20+) copies a non-empty CUDAARCHS into the cache there, and under policy CMP0126 OLD (any
# project requiring less than 3.21) that removes the normal variable holding the result.
# So this configure's process stops seeing CUDAARCHS; CudaArch reads it from then on
# through _cudaarch_env_cudaarchs().
function(_cudaarch_keep_before_project)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if("CUDA" IN_LIST languages OR "$ENV{CUDAARCHS}" STREQUAL "")
    return()
  endif()
  set_property(GLOBAL PROPERTY _CUDAARCH_ENV_CUDAARCHS "$ENV{CUDAARCHS}")
  set(ENV{CUDAARCHS} "")
endfunction()

# The CMAKE_CUDA_ARCHITECTURES that the toolchain file (CMAKE_TOOLCHAIN_FILE) sets, or
# empty. Read in this function's scope, as CMake itself reads it again for each
# try_compile, so that its settings stay here.
function(_cudaarch_toolchain_architectures out_var)
  set(${out_var} "" PARENT_SCOPE)
  if("${CMAKE_TOOLCHAIN_FILE}" STREQUAL "")
    return()
  endif()
  set(file "${CMAKE_TOOLCHAIN_FILE}")
  if(NOT IS_ABSOLUTE "${file}" AND EXISTS "${CMAKE_BINARY_DIR}/${file}")
    set(file "${CMAKE_BINARY_DIR}/${file}")
  elseif(NOT IS_ABSOLUTE "${file}")
    set(file "${CMAKE_SOURCE_DIR}/${file}")
  endif()
  if(NOT EXISTS "${file}")
    return()
  endif()
  set(CMAKE_CUDA_ARCHITECTURES "_cudaarch_unset")
  include("${file}")
  if(NOT "${CMAKE_CUDA_ARCHITECTURES}" STREQUAL "_cudaarch_unset")
    set(${out_var} "${CMAKE_CUDA_ARCHITECTURES}" PARENT_SCOPE)
  endif()
endfunction()

# Stops unless <target> is one this project builds code for: an ALIAS names another
# target, an IMPORTED one was built elsewhere, and an INTERFACE library or a custom
# target compiles nothing,
# so none can take architectures (CMake would stop with its own message, or halfway).
function(_cudaarch_check_target command target)
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "${command}: '${target}' is not a target")
  endif()
  get_target_property(aliased "${target}" ALIASED_TARGET)
  get_target_property(imported "${target}" IMPORTED)
  get_target_property(type "${target}" TYPE)
  if(aliased)
    message(FATAL_ERROR "${command}: '${target}' is an ALIAS of '${aliased}'; name '${aliased}' \
itself, since properties cannot be set through an alias")
  elseif(imported)
    message(FATAL_ERROR "${command}: '${target}' is an IMPORTED target, built elsewhere with the \
architectures it has; set them where it is built")
  elseif(type STREQUAL "INTERFACE_LIBRARY")
    message(FATAL_ERROR "${command}: '${target}' is an INTERFACE library, which compiles nothing; \
name the targets that link it")
  elseif(type STREQUAL "UTILITY")
    message(FATAL_ERROR "${command}: '${target}' is a custom target, which compiles nothing")
  endif()
endfunction()

# Whether CMake's own CUDA compiler check accepts <value> as CMAKE_CUDA_ARCHITECTURES.
function(_cudaarch_cmake_accepts out_var value)
  set(${out_var} TRUE PARENT_SCOPE)
  if(value MATCHES "^(OFF|FALSE|NO|0)$"
     OR (value MATCHES "^(all|all-major)$" AND CMAKE_VERSION VERSION_GREATER_EQUAL 3.23)
     OR (value STREQUAL "native" AND CMAKE_VERSION VERSION_GREATER_EQUAL 3.24))
    return()
  endif()
  foreach(entry IN LISTS value)
    if(NOT entry MATCHES "^[0-9]+[af]?(-real|-virtual)?$")
      set(${out_var} FALSE PARENT_SCOPE)
    endif()
  endforeach()
  _cudaarch_cmake_can_express(expressible "${value}")
  if(NOT expressible)
    set(${out_var} FALSE PARENT_SCOPE)
  endif()
endfunction()

# CudaArchBeforeProject.cmake: before project()'s compiler check, a user's value this CMake
# would reject there is set aside for cudaarch_set_architectures (_cudaarch_explicit_request)
# and CMAKE_CUDA_ARCHITECTURES becomes OFF in the including scope. CUDAARCHS, which CMake
# reads only when the variable is undefined, needs the OFF alone: the command reads it.
function(_cudaarch_catch_user_request)
  if(DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(value "${CMAKE_CUDA_ARCHITECTURES}")
    set(source "CMAKE_CUDA_ARCHITECTURES")
  elseif(NOT "$ENV{CUDAARCHS}" STREQUAL "")
    set(value "$ENV{CUDAARCHS}")
    set(source "CUDAARCHS")
  else()
    return()
  endif()
  _cudaarch_cmake_accepts(accepted "${value}")
  if(accepted)
    return()
  endif()
  if(source STREQUAL "CMAKE_CUDA_ARCHITECTURES")
    set_property(GLOBAL PROPERTY _CUDAARCH_CAUGHT_REQUEST "${value}")
    if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.19)
      cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _cudaarch_check_caught_taken)
    endif()
  endif()
  set_property(GLOBAL PROPERTY _CUDAARCH_SET_VALUE OFF)
  set(CMAKE_CUDA_ARCHITECTURES OFF PARENT_SCOPE)
  _cudaarch_report("${source}='${value}' set aside: CMake ${CMAKE_VERSION}'s compiler check would reject it, cudaarch_set_architectures resolves it")
endfunction()

function(_cudaarch_check_caught_taken)
  get_property(taken GLOBAL PROPERTY _CUDAARCH_CAUGHT_TAKEN)
  if(NOT taken)
    get_property(caught GLOBAL PROPERTY _CUDAARCH_CAUGHT_REQUEST)
    message(FATAL_ERROR "CudaArchBeforeProject: CMAKE_CUDA_ARCHITECTURES='${caught}' was kept from CMake's compiler "
                        "check, but no cudaarch_set_architectures() call took it; call it after project(), or drop "
                        "CudaArchBeforeProject.cmake and pass a value CMake ${CMAKE_VERSION} accepts.")
  endif()
endfunction()

# For cudaarch_set_architectures without an explicit request: CUDAARCHS, then (with
# <from_env>) TORCH_CUDA_ARCH_LIST as a cache and as an environment variable, then the
# project's FLEET or DEFAULT, then native. Sets <request_var>, <source_var>, <dialect_var>
# and, for a fleet, <fleet_var>.
function(_cudaarch_implicit_request request_var source_var dialect_var fleet_var from_env fleet default)
  set(request "")
  set(source "")
  set(dialect "")
  set(fleet_list "")
  _cudaarch_env_cudaarchs(env_cudaarchs)
  if(NOT env_cudaarchs STREQUAL "")
    set(request "${env_cudaarchs}")
    set(source "the CUDAARCHS environment variable")
    set(dialect CMAKE)
  elseif(from_env AND NOT "$CACHE{TORCH_CUDA_ARCH_LIST}" STREQUAL "")
    set(request "$CACHE{TORCH_CUDA_ARCH_LIST}")
    set(source "the TORCH_CUDA_ARCH_LIST cache variable")
    set(dialect TORCH)
  elseif(from_env AND DEFINED ENV{TORCH_CUDA_ARCH_LIST} AND NOT "$ENV{TORCH_CUDA_ARCH_LIST}" STREQUAL "")
    set(request "$ENV{TORCH_CUDA_ARCH_LIST}")
    set(source "the TORCH_CUDA_ARCH_LIST environment variable")
    set(dialect TORCH)
  elseif(NOT "${fleet}" STREQUAL "")
    set(fleet_list "${fleet}")
    set(source "the project's FLEET")
  elseif(NOT "${CUDAARCH_FLEET_OBJECTIVE}" STREQUAL "")
    message(FATAL_ERROR "cudaarch_set_architectures: CUDAARCH_FLEET_OBJECTIVE is set but no fleet is named: "
                        "set CUDAARCH_FLEET to its GPUs (the cudaarch-fleet preset reads the environment variable CUDAARCH_FLEET)")
  elseif(NOT default STREQUAL "")
    set(request "${default}")
    set(source "the project's DEFAULT")
  else()
    set(request native)
    set(source "cudaarch_set_architectures' own default")
  endif()
  set(${request_var} "${request}" PARENT_SCOPE)
  set(${source_var} "${source}" PARENT_SCOPE)
  set(${dialect_var} "${dialect}" PARENT_SCOPE)
  set(${fleet_var} "${fleet_list}" PARENT_SCOPE)
endfunction()

# For cudaarch_set_architectures: the directory-wide build settings for the resolved <list>
# (<model> is its parsed form): CUDA_ARCHITECTURES or, where CMake cannot write the list,
# the polyfill's compile and device-link flags; CUDAARCH_BUILT_FOR; nvcc --threads with its
# jobserver or job pool. Sets <out_value> to what <variable> gets.
function(_cudaarch_apply_directory_settings out_value list model variable nvcc_version)
  # Directory-wide settings skip the targets cudaarch_target_architectures gave their own.
  # They are set as directory properties, which script mode (cmake -P) allows, where
  # add_compile_options and add_compile_definitions do not exist.
  set(cuda_without_own "$<AND:$<COMPILE_LANGUAGE:CUDA>,$<NOT:$<BOOL:$<TARGET_PROPERTY:CUDAARCH_ARCHITECTURES>>>>")
  _cudaarch_cmake_can_express(expressible "${list}")
  if(expressible)
    set(value "${list}")
  else()
    set(value OFF)
    _cudaarch_gencode_flags(flags "${model}")
    set_property(DIRECTORY APPEND PROPERTY COMPILE_OPTIONS "$<${cuda_without_own}:${flags}>")
    # The device link (separable compilation, CUDA_RESOLVE_DEVICE_SYMBOLS) must get them
    # too: without them nvlink links nvcc's default architecture instead.
    _cudaarch_device_link_options(link_flags "${flags}")
    set_property(DIRECTORY APPEND PROPERTY LINK_OPTIONS
                 "$<$<NOT:$<BOOL:$<TARGET_PROPERTY:CUDAARCH_ARCHITECTURES>>>:${link_flags}>")
    _cudaarch_report("CMake ${CMAKE_VERSION} cannot write ${list} in CUDA_ARCHITECTURES: ${variable}=OFF and -gencode flags build the same images")
  endif()
  _cudaarch_built_for_definition(definition "${list}")
  set_property(DIRECTORY APPEND PROPERTY COMPILE_DEFINITIONS "$<${cuda_without_own}:${definition}>")
  _cudaarch_nvcc_threads(threads pool "${list}" "${nvcc_version}")
  _cudaarch_build_jobserver(jobserver "${nvcc_version}")
  if(threads AND jobserver)
    set_property(DIRECTORY APPEND PROPERTY COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CUDA>:--threads=${threads};--jobserver>")
    _cudaarch_report("nvcc --threads=${threads} --jobserver per compile (${jobserver} shares its -j among all jobs)")
  elseif(threads AND CMAKE_GENERATOR MATCHES "Ninja" AND CMAKE_VERSION VERSION_LESS 3.19)
    _cudaarch_report("nvcc --threads not used: CMake ${CMAKE_VERSION} cannot limit only the CUDA compiles (3.19+ can)")
  elseif(threads AND CMAKE_GENERATOR MATCHES "Ninja")
    set_property(DIRECTORY APPEND PROPERTY COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CUDA>:--threads=${threads}>")
    set_property(GLOBAL APPEND PROPERTY JOB_POOLS cudaarch_nvcc=${pool})
    _cudaarch_pool_cuda_targets_later()
    _cudaarch_report("nvcc --threads=${threads} per compile; targets with CUDA sources compile ${pool} at a time (Ninja job pool cudaarch_nvcc), the others are not limited")
  elseif(threads)
    set_property(DIRECTORY APPEND PROPERTY COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CUDA>:--threads=${threads}>")
    _cudaarch_report("nvcc --threads=${threads} per compile")
  endif()
  set(${out_value} "${value}" PARENT_SCOPE)
endfunction()
