# SPDX-License-Identifier: Apache-2.0
# Helpers of the package tests (cmake -P scripts): run a step and stop with its output
# when it fails, look for lines in an output, list the files under a folder.
cmake_minimum_required(VERSION 3.18)

# package_run(<out-var> <what> COMMAND <command>... [WORKING_DIRECTORY <dir>]): runs the
# command, fails the test with <what> and the output unless it exits 0; <out-var> gets
# stdout and stderr together.
function(package_run out_var what)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "WORKING_DIRECTORY" "COMMAND")
  set(where "")
  if(arg_WORKING_DIRECTORY)
    set(where WORKING_DIRECTORY "${arg_WORKING_DIRECTORY}")
  endif()
  execute_process(COMMAND ${arg_COMMAND} ${where} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " shown "${arg_COMMAND}")
    message(FATAL_ERROR "${what} failed (${rc}): ${shown}\n${out}${err}")
  endif()
  set(${out_var} "${out}${err}" PARENT_SCOPE)
endfunction()

# package_expect_lines(<text> <line>...): each line occurs in the text.
function(package_expect_lines text)
  foreach(line IN LISTS ARGN)
    string(FIND "${text}" "${line}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "expected '${line}' in:\n${text}")
    endif()
  endforeach()
endfunction()

# package_expect_files(<dir> <relative-path>...): the files under the folder are exactly these.
function(package_expect_files dir)
  file(GLOB_RECURSE files LIST_DIRECTORIES false RELATIVE "${dir}" "${dir}/*")
  list(SORT files)
  set(expected ${ARGN})
  list(SORT expected)
  if(NOT "${files}" STREQUAL "${expected}")
    string(REPLACE ";" "\n  " files "${files}")
    string(REPLACE ";" "\n  " expected "${expected}")
    message(FATAL_ERROR "files under ${dir}:\n  ${files}\nexpected:\n  ${expected}")
  endif()
endfunction()

# package_module_files(<out-var> <source-dir>): the paths of the cmake component relative
# to the prefix: the modules, package files, probe and presets under lib/cmake/CudaArch,
# the man page cudaarch-cmake(7), and the licence files every component carries.
function(package_module_files out_var source_dir)
  file(GLOB_RECURSE modules LIST_DIRECTORIES false RELATIVE "${source_dir}/cmake" "${source_dir}/cmake/*")
  list(FILTER modules EXCLUDE REGEX "^packaging/")
  set(files "")
  foreach(file IN LISTS modules ITEMS CudaArchConfig.cmake CudaArchConfigVersion.cmake probe/cudaarch_probe.cpp
                                      probe/cudaarch_probe_kernel.cup
                                      presets/CudaArchPresets.json)
    list(APPEND files "lib/cmake/CudaArch/${file}")
  endforeach()
  list(APPEND files share/doc/cudaarch/LICENSE share/doc/cudaarch/copyright share/doc/cudaarch/CHANGELOG.md
                    share/man/man7/cudaarch-cmake.7)
  set(${out_var} "${files}" PARENT_SCOPE)
endfunction()

# package_consumer(<source-dir> <work> <prefix> [<line>...]): configures tests/package/consumer
# with only CMAKE_PREFIX_PATH=<prefix>, expects the commands, both imported targets and the
# lines given, builds it and expects it to have run <prefix>/bin/cudaarch and a program
# linking the installed runtime guard.
function(package_consumer source_dir work prefix)
  package_run(out "configure the consumer against ${prefix}"
    COMMAND "${CMAKE_COMMAND}" -S "${source_dir}/tests/package/consumer" -B "${work}" -G Ninja
            -DCUDAARCH_HOW=package "-DCMAKE_PREFIX_PATH=${prefix}")
  package_expect_lines("${out}" "-- consumer: TORCH 7.5 8.6+PTX" "-- consumer: CudaArch::cudaarch found (imported: TRUE)"
    "-- consumer: CudaArch::runtime found (imported: TRUE)" ${ARGN})
  package_run(out "build the consumer" COMMAND "${CMAKE_COMMAND}" --build "${work}" -v)
  package_expect_lines("${out}" "${prefix}/bin/cudaarch convert --to gencode 7.5" "-gencode=arch=compute_75,code=sm_75"
    "consumer guard: /proc/self/exe holds no SASS or PTX image")
endfunction()

# package_expect_detect(<cudaarch> <stub libcuda>): the installed `cudaarch detect` asks the
# stub driver (tests/cli/detect/stub_libcuda.cpp) through the installed cudaarch-driver-query.
function(package_expect_detect cudaarch stub)
  package_run(out "cudaarch detect from the installed tree"
    COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDA_VISIBLE_DEVICES "CUDAARCH_LIBCUDA=${stub}"
            "CUDAARCH_STUB_DEVICES=9.0=Installed GPU" "${cudaarch}" detect)
  set(expected "driver: CUDA 13.0 (${stub})\ndevice 0: Installed GPU, compute capability 9.0, 100 SMs, 16384 MiB, PCI 0000:10:00.0\ncapabilities: 90\n")
  if(NOT out STREQUAL expected)
    message(FATAL_ERROR "${cudaarch} detect printed:\n${out}\nexpected:\n${expected}")
  endif()
endfunction()
