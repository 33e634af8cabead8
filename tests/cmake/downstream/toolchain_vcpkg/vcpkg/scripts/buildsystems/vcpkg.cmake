# SPDX-License-Identifier: Apache-2.0
# A stand-in for vcpkg's scripts/buildsystems/vcpkg.cmake, which the test machines cannot
# fetch: the parts of it that issue 44 (item 1) turns on, as the project's checked facts
# record them. It guards itself with the normal variable VCPKG_TOOLCHAIN, so that a read in
# a function scope leaves no guard behind; it picks a triplet from the host's processor when
# none is given, and continues without vcpkg when it cannot; and it wraps find_package with a
# macro that calls the one it replaced (_find_package), so that a second read wraps the
# wrapper and the first find_package recurses until "Maximum recursion depth of 1000 exceeded".
if(VCPKG_TOOLCHAIN)
  return()
endif()
if(NOT VCPKG_TARGET_TRIPLET)
  if(CMAKE_HOST_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    set(VCPKG_TARGET_TRIPLET x64-linux)
  elseif(CMAKE_HOST_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64)$")
    set(VCPKG_TARGET_TRIPLET arm64-linux)
  else()
    message(WARNING "Unable to determine target architecture, continuing without vcpkg.")
    set(VCPKG_TOOLCHAIN ON)
    return()
  endif()
endif()
macro(find_package)
  _find_package(${ARGV})
endmacro()
set(VCPKG_TOOLCHAIN ON)
