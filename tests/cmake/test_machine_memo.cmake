# SPDX-License-Identifier: Apache-2.0
# The machine-wide cache's memos (internal/machine_cache.cmake): the parsed database and
# what an nvcc builds, kept so that a fresh configure neither parses the data file nor
# starts nvcc again. A warm run gives what a run without the cache gives, starts no nvcc,
# and really reads the memos; a memo that is not whole, or an nvcc that changed, is worked
# out again.
#   cmake -DWORK_DIR=<dir> -P test_machine_memo.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")

file(REMOVE_RECURSE "${WORK_DIR}")
cudaarch_fixture_nvcc(fixture nvcc-13.0 "${WORK_DIR}/fake")
# An nvcc that counts its runs.
set(runs "${WORK_DIR}/nvcc-runs")
function(write_nvcc comment)
  file(WRITE "${WORK_DIR}/nvcc.in" "#!/bin/sh\n# ${comment}\necho run >> '${runs}'\nexec '${fixture}' \"$@\"\n")
  file(REMOVE "${WORK_DIR}/bin/nvcc.in")  # file(COPY) skips a file of the same time stamp
  file(COPY "${WORK_DIR}/nvcc.in" DESTINATION "${WORK_DIR}/bin" FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
endfunction()
write_nvcc("first")
set(nvcc "${WORK_DIR}/bin/nvcc.in")
set(cache "${WORK_DIR}/cache")
file(WRITE "${WORK_DIR}/resolve.cmake" "
include(\"${CUDAARCH_MODULE}\")
cudaarch_resolve(out \"T4;NVIDIA A100;8.6+PTX\" COMPILER \"${nvcc}\")
message(STATUS \"resolved: \${out}\")
cudaarch_supported(supported COMPILER \"${nvcc}\")
message(STATUS \"supported: \${supported}\")
")

# Runs resolve.cmake with CUDAARCH_DETECT_CACHE_DIR=<dir>: its output in <name>_out and the
# number of nvcc runs in <name>_runs.
function(run name dir)
  file(REMOVE "${runs}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env "CUDAARCH_DETECT_CACHE_DIR=${dir}"
                          "${CMAKE_COMMAND}" -P "${WORK_DIR}/resolve.cmake"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  check_equal("${name}: exit code and diagnostics" "${rc}|${err}" "0|")
  set(count 0)
  if(EXISTS "${runs}")
    file(STRINGS "${runs}" lines)
    list(LENGTH lines count)
  endif()
  set(${name}_out "${out}" PARENT_SCOPE)
  set(${name}_runs "${count}" PARENT_SCOPE)
endfunction()

run(off OFF)
check_equal("off: the answers" "${off_out}" "-- resolved: 75-real;80-real;86
-- supported: 75;80;86;87;88;89;90;90a;100;100a;100f;103;103a;103f;110;110a;110f;120;120a;120f;121;121a;121f
")
check_equal("off: nvcc runs" "${off_runs}" 4)
file(GLOB none "${cache}/*")
check_equal("off: nothing written" "${none}" "")

run(cold "${cache}")
check_equal("cold: the answers" "${cold_out}" "${off_out}")
check_equal("cold: nvcc runs" "${cold_runs}" 4)
file(GLOB database "${cache}/database-*.txt")
file(GLOB toolkit "${cache}/toolkit-*.txt")
list(LENGTH database databases)
list(LENGTH toolkit toolkits)
check_equal("cold: one memo of each" "${databases} ${toolkits}" "1 1")

run(warm "${cache}")
check_equal("warm: the answers" "${warm_out}" "${off_out}")
check_equal("warm: nvcc runs" "${warm_runs}" 0)

# The warm run reads the database memo: a value changed there, and sealed again as CudaArch
# seals its files (the SHA-256 of the rest on the last line), is what it answers; changed
# without the seal, it is not used.
file(READ "${database}" original)
string(REGEX REPLACE "sha256=[0-9a-f]+\n$" "" body "${original}")
string(REPLACE "\n_CUDAARCH_PRODUCT_t4=75|Tesla T4\n" "\n_CUDAARCH_PRODUCT_t4=80|Tesla T4\n" edited "${body}")
if(edited STREQUAL body)
  check_equal("the memo's line of T4" "missing" "_CUDAARCH_PRODUCT_t4=75|Tesla T4")
endif()
file(WRITE "${database}" "${edited}sha256=0000000000000000000000000000000000000000000000000000000000000000\n")
run(unsealed "${cache}")
check_equal("edited without its seal: not used" "${unsealed_out}" "${off_out}")
string(SHA256 seal "${edited}")
file(WRITE "${database}" "${edited}sha256=${seal}\n")
run(edited "${cache}")
string(REPLACE "75-real;80-real" "80-real" expected "${off_out}")
check_equal("edited: the memo's answer" "${edited_out}" "${expected}")

# A memo that is not whole (a line more, a line that is no property, an empty file) is
# parsed again and written anew.
foreach(broken IN ITEMS "${original}_CUDAARCH_EXTRA=1\n" "${original}junk\n" "")
  file(WRITE "${database}" "${broken}")
  run(broken "${cache}")
  check_equal("broken memo: the answers" "${broken_out}" "${off_out}")
  file(READ "${database}" rewritten)
  check_equal("broken memo: written anew" "${rewritten}" "${original}")
endforeach()

# Sealed, with its line count right, but holding a line that is no property or an empty line:
# parsed again and written anew, as nothing of it is used.
string(REGEX MATCH "^cudaarch-database v2 ([^ \n]+) ([0-9]+)\n(.*)$" ignored "${body}")
set(key "${CMAKE_MATCH_1}")
math(EXPR lines "${CMAKE_MATCH_2} + 1")
set(records "${CMAKE_MATCH_3}")
foreach(extra IN ITEMS junk "")
  set(broken "cudaarch-database v2 ${key} ${lines}\n${extra}\n${records}")
  string(SHA256 seal "${broken}")
  file(WRITE "${database}" "${broken}sha256=${seal}\n")
  run(sealed_broken "${cache}")
  check_equal("sealed memo with '${extra}': the answers" "${sealed_broken_out}" "${off_out}")
  file(READ "${database}" rewritten)
  check_equal("sealed memo with '${extra}': written anew" "${rewritten}" "${original}")
endforeach()

# Another nvcc file (size or time stamp) is asked again.
write_nvcc("second, longer")
run(changed "${cache}")
check_equal("changed nvcc: the answers" "${changed_out}" "${off_out}")
check_equal("changed nvcc: nvcc runs" "${changed_runs}" 4)
file(GLOB toolkit "${cache}/toolkit-*.txt")
list(LENGTH toolkit toolkits)
check_equal("changed nvcc: a memo of its own" "${toolkits}" 2)

check_finish()
