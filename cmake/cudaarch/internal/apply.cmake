# SPDX-License-Identifier: Apache-2.0
# Internal: what cudaarch_set_architectures and cudaarch_target_architectures share to turn
# a request into build settings: resolving it with the caller's options, then expressing the
# result in this CMake (CUDA_ARCHITECTURES, or the -gencode polyfill for suffixes it cannot
# write, on the compile and the device link), CUDAARCH_BUILT_FOR, and nvcc --threads with a
# jobserver or a Ninja job pool. Where the request comes from is request.cmake's; what the
# configure report says about the result is report.cmake's.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/notation.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/toolkit.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/resolve.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/report.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/targets.cmake")

# Resolves <request> for <command>: <out-list> receives the CMake-format list, <out-model>
# the model it was rendered from (see notation.cmake). Prints the warnings as <command>'s;
# stops with a message naming where the request came from, also when nothing is left.
#   _cudaarch_apply_resolve(<out-list> <out-model> <command> <source> <request>
#                           <compiler> <policy> <dialect> <native-fallback> <native-ptx> <hooks>)
# The last six are _cudaarch_resolve_impl's COMPILER, POLICY, FROM, NATIVE_FALLBACK,
# NATIVE_PTX (a boolean) and DETECT_HOOKS, "" where not given.
function(_cudaarch_apply_resolve out_list out_model command source request compiler policy dialect
         native_fallback native_ptx hooks)
  set(ptx_option "")
  if(native_ptx)
    set(ptx_option NATIVE_PTX)
  endif()
  _cudaarch_resolve_impl(list warnings error "${request}" COMMAND ${command} COMPILER "${compiler}" POLICY "${policy}"
    FROM "${dialect}" NATIVE_FALLBACK "${native_fallback}" ${ptx_option} MODEL model DETECT_HOOKS "${hooks}")
  foreach(warning IN LISTS warnings)
    # The NATIVE_FALLBACK that stood in for native without a GPU (resolve.cmake) is what the
    # project asked for there: a notice saying how to choose, not a warning with a call stack.
    if(warning MATCHES "^'[^']*': no GPU detected: .* Using NATIVE_FALLBACK '[^']*' instead\\.$")
      # Only settings <command> reads: CUDAARCH_ARCHITECTURES is cudaarch_set_architectures'
      # request, never a target's.
      set(choose "CUDAARCH_GPUS (the GPUs to build for)")
      if(command STREQUAL "cudaarch_set_architectures")
        string(APPEND choose " or CUDAARCH_ARCHITECTURES (a list)")
      endif()
      _cudaarch_notice_once(${command} "${warning} Set ${choose} to choose.")
    else()
      _cudaarch_warn_once(${command} "${warning}")
    endif()
  endforeach()
  _cudaarch_escape(shown "${request}")  # the user's bytes, never raw on a terminal
  if(error)
    message(FATAL_ERROR "${command}: ${source} '${shown}': ${error}")
  elseif(list STREQUAL "" AND warnings STREQUAL "")
    message(FATAL_ERROR "${command}: ${source} '${shown}' names no architecture; name at least \
one (such as 86 or all-major), or OFF for no architecture flags")
  elseif(list STREQUAL "")
    message(FATAL_ERROR "${command}: ${source} '${shown}': POLICY WARN left out every \
architecture, so nothing is left to build; name one this nvcc builds")
  endif()
  set(${out_list} "${list}" PARENT_SCOPE)
  set(${out_model} "${model}" PARENT_SCOPE)
endfunction()

# Whether this CMake builds <list> right from CUDA_ARCHITECTURES: each suffix the list
# holds must be one this release takes (the data file's cmake rows, as measured in
# docs/cmake-versions.md; tests/cmake/rdc/cmake_alone.cmake pins them).
function(_cudaarch_cmake_can_express out_var list)
  set(ok TRUE)
  foreach(suffix IN ITEMS a f)
    if(list MATCHES "[0-9]${suffix}(-|;|$)")
      _cudaarch_cmake_takes(takes ${suffix})
      if(NOT takes)
        set(ok FALSE)
      endif()
    endif()
  endforeach()
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

# The value CMAKE_CUDA_ARCHITECTURES holds where this CMake cannot write <list>: the closest
# list it takes, so that what reads the variable (try_compile, check_source_compiles, a
# subproject's if(NOT CMAKE_CUDA_ARCHITECTURES) guard) sees the request, as CMake 3.31.10+
# would, and never OFF: an 'f' image becomes 'a' where this CMake takes 'a' (the same GPU,
# whose 'a' code has every instruction of the family's), else plain, as does an 'a' image.
function(_cudaarch_polyfill_stand_in out_var list)
  _cudaarch_cmake_takes(takes_a a)
  if(takes_a)
    list(TRANSFORM list REPLACE "^([0-9]+)f" "\\1a")
  else()
    list(TRANSFORM list REPLACE "^([0-9]+)[af]" "\\1")
  endif()
  list(REMOVE_DUPLICATES list)
  set(${out_var} "${list}" PARENT_SCOPE)
endfunction()

# The polyfill, per target: when the calling directory ends (cmake_language(DEFER); CMake
# 3.19+, and only 3.24 and later ever need it), each target of its tree whose
# CUDA_ARCHITECTURES is still <value> (what the directory's variable holds) gets
# CUDA_ARCHITECTURES OFF and <list>'s images as its own -gencode compile and device-link
# flags, with its CUDAARCH_BUILT_FOR; a target with a list of its own is left alone.
function(_cudaarch_polyfill_targets_later list value)
  set_property(DIRECTORY PROPERTY _CUDAARCH_POLYFILL_LIST "${list}")
  set_property(DIRECTORY PROPERTY _CUDAARCH_POLYFILL_VALUE "${value}")
  get_property(scheduled DIRECTORY PROPERTY _CUDAARCH_POLYFILL_SCHEDULED)
  if(NOT scheduled)
    set_property(DIRECTORY PROPERTY _CUDAARCH_POLYFILL_SCHEDULED TRUE)
    cmake_language(DEFER CALL _cudaarch_polyfill_targets "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
endfunction()

function(_cudaarch_polyfill_targets top)
  get_property(list DIRECTORY "${top}" PROPERTY _CUDAARCH_POLYFILL_LIST)
  get_property(value DIRECTORY "${top}" PROPERTY _CUDAARCH_POLYFILL_VALUE)
  _cudaarch_directory_tree_targets(targets "${top}")
  foreach(target IN LISTS targets)
    get_target_property(type "${target}" TYPE)
    if(NOT type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
      continue()
    endif()
    get_target_property(own "${target}" CUDAARCH_ARCHITECTURES)
    get_target_property(architectures "${target}" CUDA_ARCHITECTURES)
    if(NOT own AND "${architectures}" STREQUAL "${value}")
      _cudaarch_polyfill_target("${target}" "${list}")
    endif()
  endforeach()
endfunction()

# <target> builds <list> by -gencode flags (compile and device link) with CUDA_ARCHITECTURES
# OFF; _CUDAARCH_POLYFILLED records the list.
function(_cudaarch_polyfill_target target list)
  _cudaarch_list_model(model "${list}")
  _cudaarch_gencode_flags(flags "${model}")
  _cudaarch_device_link_options(link_flags "${flags}")
  set_property(TARGET "${target}" PROPERTY CUDA_ARCHITECTURES OFF)
  set_property(TARGET "${target}" PROPERTY _CUDAARCH_POLYFILLED "${list}")
  set(option "$<$<COMPILE_LANGUAGE:CUDA>:${flags}>")
  set_property(TARGET "${target}" PROPERTY _CUDAARCH_POLYFILL_OPTION "${option}")
  target_compile_options("${target}" PRIVATE "${option}")
  target_link_options("${target}" PRIVATE "${link_flags}")
  _cudaarch_built_for_definition(definition "${list}")
  target_compile_definitions("${target}" PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${definition}>")
endfunction()

# The directory's CUDAARCH_BUILT_FOR: for each CUDA compile of a target without a list from
# cudaarch_target_architectures, the target's own CUDA_ARCHITECTURES, read when the build is
# generated, where it names images (not OFF, not a keyword the runtime guard cannot read).
function(_cudaarch_built_for_from_property out_var)
  set(property "$<TARGET_PROPERTY:CUDA_ARCHITECTURES>")
  set(keyword "$<OR:$<IN_LIST:all,${property}>,$<IN_LIST:all-major,${property}>,$<IN_LIST:native,${property}>>")
  set(listed "$<AND:$<BOOL:${property}>,$<NOT:${keyword}>>")
  set(guard "$<AND:$<COMPILE_LANGUAGE:CUDA>,$<NOT:$<BOOL:$<TARGET_PROPERTY:CUDAARCH_ARCHITECTURES>>>,${listed}>")
  set(${out_var} "$<${guard}:CUDAARCH_BUILT_FOR=\"$<JOIN:${property},$<COMMA>>\">" PARENT_SCOPE)
endfunction()

# The compile definition a CUDA program's runtime guard reads (<cudaarch/runtime.hpp>):
# the list with ',' for ';', which a definition cannot hold.
function(_cudaarch_built_for_definition out_var list)
  string(REPLACE ";" "," value "${list}")
  set(${out_var} "CUDAARCH_BUILT_FOR=\"${value}\"" PARENT_SCOPE)
endfunction()

# How many threads one nvcc call gets (nvcc --threads, CUDA 11.2+) for <list> with an nvcc
# of <version>, sized so that Ninja's CUDA job pool times threads stays within the cores;
# 0 when not used. CUDAARCH_NVCC_THREADS: OFF opts out, a number fixes it; anything else
# stops <command>, which it would reach only at build time (nvcc: "must be non-negative").
# <cores> is the number of logical cores to size by, empty for this machine's (the tests give
# one, so that what they expect does not depend on the machine running them).
function(_cudaarch_nvcc_threads out_threads out_pool_size command list version cores)
  set(${out_threads} 0 PARENT_SCOPE)
  if(DEFINED CUDAARCH_NVCC_THREADS AND CUDAARCH_NVCC_THREADS AND NOT CUDAARCH_NVCC_THREADS MATCHES "^[1-9][0-9]*$")
    _cudaarch_escape(shown "${CUDAARCH_NVCC_THREADS}")
    message(FATAL_ERROR "${command}: CUDAARCH_NVCC_THREADS is '${shown}': give a positive number of nvcc \
threads per compile, or OFF for none")
  endif()
  list(LENGTH list images)
  if((DEFINED CUDAARCH_NVCC_THREADS AND NOT CUDAARCH_NVCC_THREADS) OR images LESS 2
     OR NOT version OR version VERSION_LESS 11.2)
    return()
  endif()
  if(NOT cores)
    cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
  endif()
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

# The Ninja job pool cudaarch_nvcc of <size> jobs, declared once for the whole build when the
# top-level directory ends, after the project's own code, which may set JOB_POOLS with or
# without APPEND, or leave it to CMAKE_JOB_POOLS: appending early made two calls declare the
# pool twice (ninja: duplicate pool), made CMake ignore CMAKE_JOB_POOLS (CMake reads it only
# while JOB_POOLS is unset) and was lost to a later set without APPEND, while the targets
# still named the pool. Several calls share one pool of the smallest size any asks for.
function(_cudaarch_declare_pool_later size)
  get_property(sizes GLOBAL PROPERTY _CUDAARCH_NINJA_POOL_SIZES)
  list(APPEND sizes ${size})
  set_property(GLOBAL PROPERTY _CUDAARCH_NINJA_POOL_SIZES "${sizes}")
  list(LENGTH sizes calls)
  if(calls EQUAL 1)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _cudaarch_declare_pool 0)
  endif()
endfunction()

# Runs in the top-level directory's scope, where CMake reads CMAKE_JOB_POOLS. <round> counts
# the times it moved itself behind deferred calls scheduled after it (which may set
# JOB_POOLS); bounded, so that two such movers cannot defer each other for ever.
function(_cudaarch_declare_pool round)
  cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" GET_CALL_IDS later)
  if(later AND round LESS 16)
    math(EXPR round "${round} + 1")
    # Through EVAL: a deferred call's arguments are expanded when it runs, not here.
    cmake_language(EVAL CODE
      "cmake_language(DEFER DIRECTORY [==[${CMAKE_SOURCE_DIR}]==] CALL _cudaarch_declare_pool ${round})")
    return()
  endif()
  get_property(sizes GLOBAL PROPERTY _CUDAARCH_NINJA_POOL_SIZES)
  list(SORT sizes COMPARE NATURAL)
  list(GET sizes 0 size)
  get_property(declared GLOBAL PROPERTY JOB_POOLS SET)
  if(declared)
    get_property(pools GLOBAL PROPERTY JOB_POOLS)
  else()
    set(pools "${CMAKE_JOB_POOLS}")  # what CMake would have read; kept as the project's
  endif()
  if(pools MATCHES "(^|;)cudaarch_nvcc=([^;]*)")  # a pool of the project's by that name stays
    _cudaarch_report("Ninja job pool cudaarch_nvcc: the project's own, ${CMAKE_MATCH_2} at a time")
  else()
    list(APPEND pools cudaarch_nvcc=${size})
    list(REMOVE_DUPLICATES sizes)
    list(LENGTH sizes distinct)
    if(distinct GREATER 1)
      _cudaarch_report("Ninja job pool cudaarch_nvcc: ${size} at a time, the smallest of the calls' sizes")
    endif()
  endif()
  set_property(GLOBAL PROPERTY JOB_POOLS "${pools}")
endfunction()

# For cudaarch_set_architectures: the build settings for the resolved <list> (<model> is its
# parsed form): CUDA_ARCHITECTURES where CMake can write the list, else the polyfill, per
# target (_cudaarch_polyfill_targets_later); CUDAARCH_BUILT_FOR; nvcc --threads with its
# jobserver or job pool, sized by <cores> logical cores (empty: this machine's). Sets
# <out_value> to what <variable> gets. <command> (cudaarch_set_architectures) names the errors.
function(_cudaarch_apply_directory_settings out_value command list model variable nvcc_version cores)
  _cudaarch_cmake_can_express(expressible "${list}")
  if(expressible)
    set(value "${list}")
  elseif(variable STREQUAL "CMAKE_CUDA_ARCHITECTURES")
    _cudaarch_polyfill_stand_in(value "${list}")
    _cudaarch_polyfill_targets_later("${list}" "${value}")
    _cudaarch_report("CMake ${CMAKE_VERSION} cannot write ${list} in CUDA_ARCHITECTURES: \
CMAKE_CUDA_ARCHITECTURES=${value}, the closest value it takes (what feature checks and subprojects read); \
the targets that keep it get -gencode flags for ${list} instead")
  else()
    set(value OFF)
    _cudaarch_polyfill_targets_later("${list}" OFF)
    _cudaarch_report("CMake ${CMAKE_VERSION} cannot write ${list} in CUDA_ARCHITECTURES: ${variable} holds \
the list, CUDA_ARCHITECTURES must be OFF, and -gencode flags build the same images")
  endif()
  # A target holding a list of its own (its CUDA_ARCHITECTURES, cudaarch_target_architectures')
  # is described by that list, not the directory's (_cudaarch_built_for_from_property).
  _cudaarch_built_for_from_property(definition)
  set_property(DIRECTORY APPEND PROPERTY COMPILE_DEFINITIONS "${definition}")
  _cudaarch_nvcc_threads(threads pool ${command} "${list}" "${nvcc_version}" "${cores}")
  _cudaarch_build_jobserver(jobserver "${nvcc_version}")
  if(threads AND jobserver)
    set_property(DIRECTORY APPEND PROPERTY COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CUDA>:--threads=${threads};--jobserver>")
    _cudaarch_report("nvcc --threads=${threads} --jobserver per compile (${jobserver} shares its -j among all jobs)")
  elseif(threads AND CMAKE_GENERATOR MATCHES "Ninja" AND CMAKE_VERSION VERSION_LESS 3.19)
    _cudaarch_report("nvcc --threads not used: CMake ${CMAKE_VERSION} cannot limit only the CUDA compiles (3.19+ can)")
  elseif(threads AND CMAKE_GENERATOR MATCHES "Ninja")
    set_property(DIRECTORY APPEND PROPERTY COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CUDA>:--threads=${threads}>")
    _cudaarch_declare_pool_later(${pool})
    _cudaarch_pool_cuda_targets_later()
    _cudaarch_report("nvcc --threads=${threads} per compile; targets with CUDA sources compile ${pool} at a time (Ninja job pool cudaarch_nvcc), the others are not limited")
  elseif(threads)
    set_property(DIRECTORY APPEND PROPERTY COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CUDA>:--threads=${threads}>")
    _cudaarch_report("nvcc --threads=${threads} per compile")
  endif()
  set(${out_value} "${value}" PARENT_SCOPE)
endfunction()
