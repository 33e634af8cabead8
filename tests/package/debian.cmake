# SPDX-License-Identifier: Apache-2.0
# `cpack` in a CudaArch build: the Debian package unpacked into a scratch root (dpkg-deb -x)
# is found by a downstream project given only that prefix, and its cudaarch --version runs; the
# tarball holds the same tree. Prints the package sizes. Skips (prints SKIP:) without dpkg-deb.
#   cmake -DBUILD_DIR=<CudaArch build> -DSOURCE_DIR=<repo> -DVERSION=<x.y.z> -DSTUB_LIBCUDA=<the stub driver>
#         -DWORK_DIR=<dir> -P debian.cmake
# Then Debian policy: /usr/share/doc/cudaarch/copyright and changelog.gz, the man pages
# compressed (every build has both: `cudaarch help --man` writes cudaarch(1), and
# cudaarch-cmake(7) is committed), cudaarch(1) rendered by
# `man -l` (skipped without man-db), and lintian clean (errors and warnings). Without
# lintian (apt-get install lintian) that last check is a skip, printed after every other
# check passed.
include("${CMAKE_CURRENT_LIST_DIR}/package_testing.cmake")
find_program(DPKG_DEB dpkg-deb)
if(NOT DPKG_DEB)
  message("SKIP: dpkg-deb not found")
  return()
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
get_filename_component(cmake_bin "${CMAKE_COMMAND}" DIRECTORY)
package_run(out "cpack" COMMAND "${cmake_bin}/cpack" --config "${BUILD_DIR}/CPackConfig.cmake" -B "${WORK_DIR}/packages")
file(GLOB deb "${WORK_DIR}/packages/cudaarch_${VERSION}_*.deb")
file(GLOB tarball "${WORK_DIR}/packages/cudaarch-${VERSION}-*.tar.gz")
if(NOT deb OR NOT tarball)
  message(FATAL_ERROR "cpack made no cudaarch_${VERSION}_*.deb and cudaarch-${VERSION}-*.tar.gz:\n${out}")
endif()
foreach(package IN LISTS deb tarball)
  file(SIZE "${package}" size)
  get_filename_component(name "${package}" NAME)
  message(STATUS "${name}: ${size} bytes")
endforeach()

package_run(fields "dpkg-deb -f" COMMAND "${DPKG_DEB}" -f "${deb}" Package Version Section Depends)
# Depends comes from dpkg-shlibdeps on the building host: which libraries and versions it
# names depends on that host's toolchain, so only the C library is required here.
if(NOT fields MATCHES "^Package: cudaarch\nVersion: ${VERSION}\nSection: devel\nDepends: [^\n]*libc6")
  message(FATAL_ERROR "unexpected control fields:\n${fields}")
endif()
package_run(out "dpkg-deb -x" COMMAND "${DPKG_DEB}" -x "${deb}" "${WORK_DIR}/root")
package_run(out "cudaarch --version from the package" COMMAND "${WORK_DIR}/root/usr/bin/cudaarch" --version)
if(NOT out MATCHES "^cudaarch ${VERSION}\ndatabase: CUDA [0-9.]+, compute capability [0-9.]+\nnvcc: ")
  message(FATAL_ERROR "the packaged cudaarch --version printed [${out}]")
endif()

package_expect_detect("${WORK_DIR}/root/usr/bin/cudaarch" "${STUB_LIBCUDA}")
package_consumer("${SOURCE_DIR}" "${WORK_DIR}/consumer" "${WORK_DIR}/root/usr")

# The tarball: the same files as the Debian package, under one top folder.
package_run(listing "list the tarball" COMMAND "${CMAKE_COMMAND}" -E tar tf "${tarball}")
foreach(file IN ITEMS bin/cudaarch libexec/cudaarch/cudaarch-driver-query include/cudaarch/runtime.hpp lib/cmake/CudaArch/CudaArchConfig.cmake
                      lib/cmake/CudaArch/cudaarch/cudaarch_set_architectures.cmake)
  package_expect_lines("${listing}" "/${file}")
  if(NOT EXISTS "${WORK_DIR}/root/usr/${file}")
    message(FATAL_ERROR "the Debian package has no /usr/${file}")
  endif()
endforeach()

# Debian policy: the docs under the package's name, its copyright and its changelog.
foreach(file IN ITEMS copyright changelog.gz LICENSE)
  if(NOT EXISTS "${WORK_DIR}/root/usr/share/doc/cudaarch/${file}")
    message(FATAL_ERROR "the Debian package has no /usr/share/doc/cudaarch/${file}")
  endif()
endforeach()
# Both man pages, as gzip -9n left them (no name, no time: the same bytes each build);
# cudaarch(1) renders with no warning from groff, and names every command of the packaged
# tool's help.
foreach(page IN ITEMS man1/cudaarch.1.gz man7/cudaarch-cmake.7.gz)
  if(NOT EXISTS "${WORK_DIR}/root/usr/share/man/${page}")
    message(FATAL_ERROR "the Debian package has no /usr/share/man/${page}")
  endif()
  file(READ "${WORK_DIR}/root/usr/share/man/${page}" gzip_header LIMIT 9 HEX)  # magic, deflate, no flags (no name), time 0, -9
  if(NOT gzip_header STREQUAL "1f8b08000000000002")
    message(FATAL_ERROR "/usr/share/man/${page} is not as gzip -9n writes it: header ${gzip_header}")
  endif()
endforeach()
set(page "${WORK_DIR}/root/usr/share/man/man1/cudaarch.1.gz")
find_program(MAN man)
set(man_renders FALSE)
if(MAN)
  # A minimized system's man is a stub that renders nothing (Ubuntu's "unminimize" notice).
  file(WRITE "${WORK_DIR}/probe.1" ".TH PROBE 1\n.SH NAME\nprobe \\- renders\n")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env MANWIDTH=100 LC_ALL=C.UTF-8 "${MAN}" -l "${WORK_DIR}/probe.1"
                  OUTPUT_VARIABLE probe ERROR_VARIABLE probe)
  if(probe MATCHES "probe - renders")
    set(man_renders TRUE)
  else()
    string(REGEX REPLACE "\n.*" "" probe "${probe}")
    message(STATUS "man renders no page here (${probe}): cudaarch.1.gz not rendered")
  endif()
endif()
if(man_renders)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env MANWIDTH=100 LC_ALL=C.UTF-8 "${MAN}" --warnings -l "${page}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE rendered ERROR_VARIABLE warnings)
  if(NOT rc EQUAL 0 OR NOT warnings STREQUAL "")
    message(FATAL_ERROR "man --warnings -l cudaarch.1.gz exited ${rc}:\n${warnings}")
  endif()
  package_run(help "cudaarch help" COMMAND "${WORK_DIR}/root/usr/bin/cudaarch" help)
  string(REGEX MATCHALL "\n  [a-z-]+  " commands "${help}")
  set(expected "CUDAARCH(1)" "NAME\n       cudaarch - CUDA GPU architectures" "EXIT STATUS")
  foreach(command IN LISTS commands)
    string(STRIP "${command}" command)
    list(APPEND expected "\n   cudaarch ${command}\n")
  endforeach()
  package_expect_lines("${rendered}" ${expected})
elseif(NOT MAN)
  message(STATUS "man not found (apt-get install man-db): cudaarch.1.gz not rendered")
endif()

find_program(LINTIAN lintian)
if(NOT LINTIAN)
  message("SKIP: lintian not found (apt-get install lintian); every other check of the package passed")
  return()
endif()
package_run(out "lintian" COMMAND "${LINTIAN}" --fail-on error,warning --tag-display-limit 0 "${deb}")
