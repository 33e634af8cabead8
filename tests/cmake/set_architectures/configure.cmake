# SPDX-License-Identifier: Apache-2.0
# A configure of tests/cmake/set_architectures/project (or another project) as cases.cmake and
# the cases of order/ run it: the fake nvcc <nvcc>, every GPU hidden (CUDA_VISIBLE_DEVICES=-1)
# and no request from the environment unless ENV gives one.
#   set_architectures_configure(<rc_var> <stdout_var> <stderr_var> <source_dir> <build_dir> <nvcc>
#                               [PROJECT <dir>] [ENV VAR=value...] [ARGS -D...])
include_guard(GLOBAL)

function(set_architectures_configure rc_var stdout_var stderr_var source_dir build_dir nvcc)
  cmake_parse_arguments(PARSE_ARGV 6 a "" "PROJECT" "ENV;ARGS")
  if(NOT a_PROJECT)
    set(a_PROJECT "${source_dir}/tests/cmake/set_architectures/project")
  endif()
  file(REMOVE_RECURSE "${build_dir}")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCHS --unset=TORCH_CUDA_ARCH_LIST --unset=CUDAARCH_GPUS
            CUDA_VISIBLE_DEVICES=-1 ${a_ENV}
            "${CMAKE_COMMAND}" -S "${a_PROJECT}" -B "${build_dir}" "-DCUDAARCH_TEST_NVCC=${nvcc}"
            "-DCUDAARCH_SOURCE_DIR=${source_dir}" ${a_ARGS}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${stdout_var} "${out}" PARENT_SCOPE)
  set(${stderr_var} "${err}" PARENT_SCOPE)
endfunction()

# set_architectures_case([NVCC <fixture>] [PROBE <line>...] [DRIVER <version>] [ENV VAR=value...]
#                        [ARGS -D...]): a case (a script, run by tests/cmake/run_cases.cmake):
# configures the project in <build>/build against a fake nvcc (tests/toolkits/fixtures/<fixture>,
# default nvcc-13.0) and prints what of its output is CudaArch's contract (docs/testing.md,
# "CudaArch's own output"): on stdout its lines, "-- CudaArch..." and the project's
# "-- <WORD> ..." lines (RESULT, THREADS, POOLS), in full and in order; on stderr the
# configure's stderr, which run_cases.cmake reads as its diagnostics; and a failed configure
# fails the case. What the machine would change is fixed: a fake probe answers (its <line>s;
# default "no driver"), no PCI bus is read, the driver is <version> (a fake /proc; default:
# none installed), and nvcc takes 2 threads unless the case says otherwise; the unused of these are
# not warned of.
function(set_architectures_case)
  cmake_parse_arguments(PARSE_ARGV 0 a "" "NVCC;DRIVER" "PROBE;ENV;ARGS")
  if(NOT a_NVCC)
    set(a_NVCC nvcc-13.0)
  endif()
  if(NOT a_PROBE)
    set(a_PROBE "status|no-driver|none")
  endif()
  get_filename_component(source_dir "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../.." ABSOLUTE)
  include("${source_dir}/tests/toolkits/fixture_nvcc.cmake")
  cudaarch_fixture_nvcc(nvcc "${a_NVCC}" "${CMAKE_CURRENT_BINARY_DIR}/fake")
  set(probe "${CMAKE_CURRENT_BINARY_DIR}/probe")
  set(script "#!/bin/sh\necho 'cudaarch-probe|1'\n")
  foreach(line IN LISTS a_PROBE)
    string(APPEND script "echo '${line}'\n")
  endforeach()
  file(WRITE "${probe}/probe.in" "${script}")
  file(COPY "${probe}/probe.in" DESTINATION "${probe}/bin" FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/proc")
  if(a_DRIVER)
    file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/proc/driver/nvidia/version"
         "NVRM version: NVIDIA UNIX x86_64 Kernel Module  ${a_DRIVER}  Release Build\n")
  endif()
  # Parsed here and passed on element by element, so that an escaped ';' stays one argument.
  set_architectures_configure(rc out err "${source_dir}" "${CMAKE_CURRENT_BINARY_DIR}/build" "${nvcc}"
    ENV "CUDAARCH_SYSFS_ROOT=${CMAKE_CURRENT_BINARY_DIR}/no-sysfs" ${a_ENV}
    ARGS --no-warn-unused-cli "-D_CUDAARCH_DETECT_PROBE_COMMAND=${probe}/bin/probe.in"
         "-D_CUDAARCH_DETECT_PROC_ROOT=${CMAKE_CURRENT_BINARY_DIR}/proc"
         -DCUDAARCH_NVCC_THREADS=2 ${a_ARGS})
  # Line by line, not as a list: the lines hold ';' and brackets.
  set(own "")
  set(rest "${out}")
  while(rest MATCHES "^([^\n]*)\n(.*)$")
    set(line "${CMAKE_MATCH_1}")
    set(rest "${CMAKE_MATCH_2}")
    if(line MATCHES "^-- (CudaArch[: ]|[A-Z]+ )")
      string(APPEND own "${line}\n")
    endif()
  endwhile()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E echo_append "${own}")
  if(NOT err STREQUAL "")
    message("${err}")
  endif()
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the configure failed")
  endif()
endfunction()
