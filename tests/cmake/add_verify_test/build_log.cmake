# SPDX-License-Identifier: Apache-2.0
# For the tests that build a project whose VERIFY steps are meant to fail for some targets:
# the build, kept going past those failures, and the targets whose step failed.

# Builds <build> with <cmake> (<generator> its generator, <ARGN> options of `cmake --build`
# such as -j 1), going on past failed steps; <out_rc> its exit code, <out_log> its output.
function(verify_build_keep_going out_rc out_log cmake build generator)
  set(keep_going -k 0)
  if(generator MATCHES "Makefiles")
    set(keep_going -k)
  endif()
  execute_process(COMMAND "${cmake}" --build "${build}" ${ARGN} -- ${keep_going}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${out_rc} "${rc}" PARENT_SCOPE)
  set(${out_log} "${out}${err}" PARENT_SCOPE)
endfunction()

# <out_var> = the targets whose VERIFY step failed in build log <log>, sorted. Ninja 1.13
# writes "FAILED: [code=1] <output>", older releases "FAILED: <output>", Make
# "*** [<makefile>:<line>: <output>] Error 1"; brackets are taken out first, since in a list
# item an open one would hide the ';' after it.
function(verify_failed_targets out_var log)
  string(REGEX REPLACE "[][]" "" log "${log}")
  string(REGEX MATCHALL "(FAILED: (code=[0-9]+ )?|\\*\\*\\* [^\n]*: )cudaarch_verify/[^ \n]*\\.stamp" failed "${log}")
  list(TRANSFORM failed REPLACE "^.*cudaarch_verify/(.*)\\.stamp$" "\\1")
  list(SORT failed)
  set(${out_var} "${failed}" PARENT_SCOPE)
endfunction()
