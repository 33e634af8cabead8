# SPDX-License-Identifier: Apache-2.0
# check_verdict(<out-var> <json> <file-index>): the first verdict of file <file-index> in
# `cudaarch check --json` output <json> as "<verdict> <image> <error>", "-" for no image and
# 0 for no error: "link_ptx compute_80 0", "no_image - 500". For the tests that hold another
# engine's verdict (the runtime guard, the configure report) to check's.
function(check_verdict out_var json index)
  string(JSON verdict GET "${json}" files ${index} verdicts 0 verdict)
  string(JSON image GET "${json}" files ${index} verdicts 0 image)
  string(JSON error GET "${json}" files ${index} verdicts 0 error)
  if(image STREQUAL "" OR image STREQUAL "null")  # string(JSON) gives "" for null
    set(image "-")
  endif()
  if(error STREQUAL "" OR error STREQUAL "null")
    set(error 0)
  endif()
  set(${out_var} "${verdict} ${image} ${error}" PARENT_SCOPE)
endfunction()

# Ends such a test: stops with <failures> if any, else says that <who> and check agree on
# <count> verdicts.
function(check_verdicts_agree failures count who)
  if(failures)
    message(FATAL_ERROR "${failures}")
  endif()
  message(STATUS "${who} and check agree on ${count} verdicts")
endfunction()
