# SPDX-License-Identifier: Apache-2.0
# CPack's pre-build script (CPACK_PRE_BUILD_SCRIPTS): what Debian policy adds to the Debian
# package's staged tree, and only to it: usr/share/doc/cudaarch/changelog.gz (a native
# package's changelog in Debian's format, one entry pointing at CHANGELOG.md, compressed
# with gzip -9n), the man pages compressed the same way (a build with CUDAARCH_BUILD_DOCS),
# and the lintian overrides, whose tags are the static tool and the libraries it therefore
# embeds, linked so by design (src/CMakeLists.txt, CUDAARCH_STATIC_CLI).
if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()
file(GLOB_RECURSE changelogs "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/CHANGELOG.md")
list(FILTER changelogs INCLUDE REGEX "/share/doc/cudaarch/CHANGELOG\\.md$")
foreach(changelog IN LISTS changelogs)
  get_filename_component(dir "${changelog}" DIRECTORY)
  string(TIMESTAMP date "%a, %d %b %Y %H:%M:%S +0000" UTC)
  file(WRITE "${CPACK_TOPLEVEL_DIRECTORY}/changelog"
    "cudaarch (${CPACK_PACKAGE_VERSION}) unstable; urgency=medium\n\n"
    "  * Release ${CPACK_PACKAGE_VERSION}; the changes are in CHANGELOG.md in this folder.\n\n"
    " -- ${CPACK_PACKAGE_CONTACT}  ${date}\n")
  execute_process(COMMAND gzip -9n -c "${CPACK_TOPLEVEL_DIRECTORY}/changelog" OUTPUT_FILE "${dir}/changelog.gz"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip -9n of the Debian changelog failed (${rc})")
  endif()
  get_filename_component(share "${dir}/../.." ABSOLUTE)
  file(WRITE "${share}/lintian/overrides/cudaarch"
    "# The tool is static by design: it starts faster and runs on any glibc (docs/packaging.md).\n"
    "cudaarch: statically-linked-binary [usr/bin/cudaarch]\n"
    "# Static, it holds the decoders of wheels (zlib) and .tar.bz2 conda packages (bzip2) it reads.\n"
    "cudaarch: embedded-library zlib [usr/bin/cudaarch]\n"
    "cudaarch: embedded-library bzip2 [usr/bin/cudaarch]\n")
endforeach()
file(GLOB_RECURSE pages "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*.[1-8]")
list(FILTER pages INCLUDE REGEX "/share/man/man[1-8]/[^/]+\\.[1-8]$")
foreach(page IN LISTS pages)
  execute_process(COMMAND gzip -9n "${page}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip -9n ${page} failed (${rc})")
  endif()
endforeach()
