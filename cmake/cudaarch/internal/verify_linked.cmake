# SPDX-License-Identifier: Apache-2.0
# The build step of cudaarch_set_architectures(VERIFY) (COMMAND: that command's name, which
# its messages start with): fails when FILE lacks an image EXPECT
# promises. SASS must be in the linked .nv_fatbin (with separable compilation the relocatable
# copies in __nv_relfatbin cost a link at every process start); PTX may be anywhere, since
# the loader JIT-compiles relocatable PTX too. Extra images are not an error.
#   cmake -DCOMMAND=<command> -DCUDAARCH=<cudaarch> -DFILE=<file> -DEXPECT=<list, ',' for ';'> -DSTAMP=<file> -P verify_linked.cmake
cmake_minimum_required(VERSION 3.19)
execute_process(COMMAND "${CUDAARCH}" inspect --json "${FILE}" RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${COMMAND}: VERIFY: cannot read ${FILE}: ${err}")
endif()
set(linked_sass "")
set(relocatable_sass "")
set(ptx "")
string(JSON count LENGTH "${json}" files 0 images)
if(count GREATER 0)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON image GET "${json}" files 0 images ${i})  # then the small object, not the document, thrice
    string(JSON kind GET "${image}" kind)
    string(JSON name GET "${image}" name)
    string(JSON relocatable GET "${image}" relocatable)
    string(JSON library GET "${image}" library)
    if(NOT library STREQUAL "")  # libcudadevrt's images never stand in for the program's
    elseif(kind STREQUAL "PTX")
      list(APPEND ptx "${name}")
    elseif(kind STREQUAL "SASS" AND relocatable)
      list(APPEND relocatable_sass "${name}")
    elseif(kind STREQUAL "SASS")
      list(APPEND linked_sass "${name}")
    endif()
  endforeach()
endif()

set(missing "")
string(REPLACE "," ";" expect "${EXPECT}")
foreach(entry IN LISTS expect)
  string(REGEX MATCH "^([0-9]+[af]?)(-real|-virtual)?$" _ "${entry}")
  if(NOT CMAKE_MATCH_2 STREQUAL "-virtual" AND NOT "sm_${CMAKE_MATCH_1}" IN_LIST linked_sass)
    list(APPEND missing "sm_${CMAKE_MATCH_1}")
  endif()
  if(NOT CMAKE_MATCH_2 STREQUAL "-real" AND NOT "compute_${CMAKE_MATCH_1}" IN_LIST ptx)
    list(APPEND missing "compute_${CMAKE_MATCH_1}")
  endif()
endforeach()
if(missing)
  list(REMOVE_DUPLICATES linked_sass)
  string(REPLACE ";" " " missing "${missing}")
  string(REPLACE ";" " " linked_sass "${linked_sass}")
  set(why "")
  if(relocatable_sass)
    set(why " Its relocatable images (separable compilation) cannot stand in: the device link must be given the same architectures as the compile.")
  endif()
  message(FATAL_ERROR "${COMMAND}: VERIFY: ${FILE} lacks ${missing}, which its CUDA architectures '${expect}' promise "
                      "(linked SASS: ${linked_sass}).${why} See docs/troubleshooting.md.")
endif()
# Ninja makes an output's folder before the command runs; Make and the IDE generators do not.
get_filename_component(stamp_dir "${STAMP}" DIRECTORY)
file(MAKE_DIRECTORY "${stamp_dir}")
file(TOUCH "${STAMP}")
