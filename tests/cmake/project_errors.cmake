# SPDX-License-Identifier: Apache-2.0
# What the run_project.cmake scripts of tests/cmake/<command>/ share (include()d):
#   run(<command> <arg>...)  runs it; sets rc and out (stdout, then stderr) in the caller.
#   expect_configure_errors(<out-var> <work> <build> <prelude> <call> <message> [<call> <message>]...)
#     configures, for each pair, a project without a language of <prelude> (CMake lines after
#     find_package(CudaArch) from the CudaArch build <build>) and <call>, in <work>/error<i>,
#     and appends to <out-var> each call that configures or whose output (lines joined) lacks
#     <message>.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(rc "${rc}" PARENT_SCOPE)
  set(out "${out}${err}" PARENT_SCOPE)
endfunction()

function(expect_configure_errors out_var work build prelude)
  set(failed "${${out_var}}")
  set(errors "${ARGN}")
  list(LENGTH errors count)
  math(EXPR last "${count} - 1")
  foreach(i RANGE 0 ${last} 2)
    math(EXPR j "${i} + 1")
    list(GET errors ${i} call)
    list(GET errors ${j} message)
    set(dir "${work}/error${i}")
    file(WRITE "${dir}/CMakeLists.txt" "cmake_minimum_required(VERSION 3.18)\nproject(e LANGUAGES NONE)\n"
      "find_package(CudaArch REQUIRED)\n${prelude}\n${call}\n")
    run("${CMAKE_COMMAND}" -S "${dir}" -B "${dir}/build" "-DCudaArch_DIR=${build}")
    string(REGEX REPLACE "\n +" " " flat "${out}")
    string(FIND "${flat}" "${message}" at)
    if(rc EQUAL 0 OR at EQUAL -1)
      string(APPEND failed "${call}: expected an error '${message}', got:\n${out}\n")
    endif()
  endforeach()
  set(${out_var} "${failed}" PARENT_SCOPE)
endfunction()
