# SPDX-License-Identifier: Apache-2.0
# Every relative link of README.md opens a readable file in a checkout and on GitHub: it
# exists, and it is not one of the one-line `.. cmake-module::` stubs of docs/reference/cmake,
# which only the Sphinx site renders (the module file holds the text).
#   cmake -DSOURCE_DIR=<repo> -P readme_links.cmake
cmake_minimum_required(VERSION 3.18)
file(READ "${SOURCE_DIR}/README.md" readme)
# "](" opens a link; a ']' in a CMake list would hold its ';' together, so it goes first.
string(REPLACE "](" "@LINK@" readme "${readme}")
string(REGEX MATCHALL "@LINK@[^):#]+" links "${readme}")
set(failures "")
foreach(link IN LISTS links)
  string(REPLACE "@LINK@" "" path "${link}")
  if(NOT EXISTS "${SOURCE_DIR}/${path}")
    string(APPEND failures "README.md links '${path}', which does not exist\n")
  elseif(path MATCHES "\\.rst$")
    file(READ "${SOURCE_DIR}/${path}" page)
    if(page MATCHES "^\\.\\. cmake-module::")
      string(APPEND failures "README.md links '${path}', a cmake-module stub; link the module file\n")
    endif()
  endif()
endforeach()
list(LENGTH links count)
if(failures)
  message(FATAL_ERROR "${failures}")
endif()
message(STATUS "README.md: ${count} relative links, each a readable file")
