# SPDX-License-Identifier: Apache-2.0
# cudaarch_detect in script mode, six runs at once in one working directory: each builds
# and runs its own probe and reports the GPU, none "Text file busy" or "Permission denied".
# The nvcc stand-in keeps the probe open for writing for 2 s, as a slow compile does, and
# the runs start 0.5 s apart: without a folder per run, each runs the probe while the next
# one writes it.
#   cmake [-DWORK_DIR=<dir>] -P test_parallel_detect.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")

cudaarch_fixture_nvcc(answers nvcc-13.0 "${WORK_DIR}/fake")
set(dir "${WORK_DIR}/parallel")
file(REMOVE_RECURSE "${dir}")
file(WRITE "${dir}/nvcc.in" [=[#!/bin/sh
# Compiles by writing a probe that prints one H200; answers the rest from the fixture.
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out=$2; shift ;;
    --version|--list-gpu-code|--list-gpu-arch|--help) exec "@answers@" "$1" ;;
  esac
  shift
done
exec 3> "$out"
chmod +x "$out"
sleep 2
printf '#!/bin/sh\nprintf "cudaarch-probe|1\\nversions|13000|13000|75\\ndevice|0|9.0|132|150754820096|0000:3B:00.0|ok|NVIDIA H200\\nstatus|ok|1 device\\n"\n' >&3
exec 3>&-
]=])
file(READ "${dir}/nvcc.in" text)
string(REPLACE "@answers@" "${answers}" text "${text}")
file(WRITE "${dir}/nvcc.in" "${text}")
file(COPY "${dir}/nvcc.in" DESTINATION "${dir}/bin" FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
file(RENAME "${dir}/bin/nvcc.in" "${dir}/bin/nvcc")
file(WRITE "${dir}/detect.cmake" "include(\"${CUDAARCH_MODULE}\")
set(CMAKE_CUDA_COMPILER \"${dir}/bin/nvcc\")
cudaarch_detect(gpus REASON why)
file(WRITE \"\${OUT}\" \"[\${gpus}] [\${why}]\")\n")

# Six side by side, each with its own output file and exit code file.
execute_process(COMMAND sh -c "for i in 1 2 3 4 5 6; do
    (env -u CUDAARCH_GPUS -u CUDA_VISIBLE_DEVICES '${CMAKE_COMMAND}' -DOUT=result-$i.txt -P detect.cmake \
       > log-$i.txt 2>&1; echo $? > code-$i.txt) &
    sleep 0.5
  done; wait" WORKING_DIRECTORY "${dir}")
set(codes "")
foreach(i RANGE 1 6)
  file(READ "${dir}/code-${i}.txt" code)
  string(STRIP "${code}" code)
  list(APPEND codes "${code}")
endforeach()
check_equal("exit codes" "${codes}" "0;0;0;0;0;0")
foreach(i RANGE 1 6)
  set(result "")
  if(EXISTS "${dir}/result-${i}.txt")
    file(READ "${dir}/result-${i}.txt" result)
  endif()
  check_equal("run ${i}" "${result}" "[90] []")
endforeach()

check_finish()
