# SPDX-License-Identifier: Apache-2.0
# Every public file, and no other, has its case beside this one, <command>.cmake.
file(GLOB files RELATIVE "${CUDAARCH_MODULES}" "${CUDAARCH_MODULES}/cudaarch_*.cmake")
list(SORT files)
foreach(file IN LISTS files)
  if(NOT EXISTS "${CMAKE_CURRENT_LIST_DIR}/${file}")
    message(SEND_ERROR "no case ${CMAKE_CURRENT_LIST_DIR}/${file} includes ${file} alone")
  endif()
  message(STATUS "RESULT ${file}")
endforeach()
