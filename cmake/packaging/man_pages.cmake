# SPDX-License-Identifier: Apache-2.0
# The man page cudaarch-cmake(7), made by Sphinx from the modules' doc blocks (docs/conf.py)
# and installed with the modules (cmake). Every install has it: the page is committed
# (docs/man/cudaarch-cmake.7, kept current by the test docs.sphinx.man), so a plain build needs
# no Sphinx; CUDAARCH_BUILD_DOCS=ON builds it anew, with the tools of docs/requirements.txt
# installed (CUDAARCH_SPHINX_BUILD names their sphinx-build). cudaarch(1) needs none of this:
# the CLI writes it (install.cmake). Included by the top-level CMakeLists.txt after install.cmake.
option(CUDAARCH_BUILD_DOCS "Build the man page cudaarch-cmake(7) with Sphinx (docs/requirements.txt) instead of installing the committed one" OFF)
if(NOT CUDAARCH_BUILD_DOCS)
  if(CUDAARCH_INSTALL)
    include(GNUInstallDirs)
    install(FILES "${PROJECT_SOURCE_DIR}/docs/man/cudaarch-cmake.7" DESTINATION "${CMAKE_INSTALL_MANDIR}/man7" COMPONENT cmake)
  endif()
  return()
endif()
find_program(CUDAARCH_SPHINX_BUILD sphinx-build)
if(NOT CUDAARCH_SPHINX_BUILD)
  message(FATAL_ERROR "CUDAARCH_BUILD_DOCS is ON, but no sphinx-build was found: install the docs tools "
    "(python3 -m pip install -r docs/requirements.txt) and set CUDAARCH_SPHINX_BUILD to their sphinx-build, "
    "or configure with -DCUDAARCH_BUILD_DOCS=OFF")
endif()

# The page is made of the reference page and the modules' doc blocks.
file(GLOB_RECURSE _cudaarch_doc_sources CONFIGURE_DEPENDS
  "${PROJECT_SOURCE_DIR}/docs/*.md" "${PROJECT_SOURCE_DIR}/docs/*.rst" "${PROJECT_SOURCE_DIR}/docs/conf.py"
  "${PROJECT_SOURCE_DIR}/cmake/cudaarch/*.cmake" "${PROJECT_SOURCE_DIR}/README.md")
set(_cudaarch_man "${PROJECT_BINARY_DIR}/docs/man")
add_custom_command(OUTPUT "${_cudaarch_man}/cudaarch-cmake.7"
  COMMAND "${CUDAARCH_SPHINX_BUILD}" -q -b man -d "${PROJECT_BINARY_DIR}/docs/doctrees"
          "${PROJECT_SOURCE_DIR}/docs" "${_cudaarch_man}"
  DEPENDS ${_cudaarch_doc_sources}
  COMMENT "Building the man page cudaarch-cmake(7)" VERBATIM)
add_custom_target(cudaarch_man_pages ALL DEPENDS "${_cudaarch_man}/cudaarch-cmake.7")

if(CUDAARCH_INSTALL)
  include(GNUInstallDirs)
  install(FILES "${_cudaarch_man}/cudaarch-cmake.7" DESTINATION "${CMAKE_INSTALL_MANDIR}/man7" COMPONENT cmake)
endif()
