# SPDX-License-Identifier: Apache-2.0
# Package files for find_package(CudaArch) from the build tree and from an install prefix,
# the install rules (components runtime, cmake, dev) and, at the top level, CPack.
# Included by the top-level CMakeLists.txt after the targets exist.
include(CMakePackageConfigHelpers)
# The docs folder by the package's name, as Debian policy has it (/usr/share/doc/cudaarch),
# rather than GNUInstallDirs' DATAROOTDIR/doc/CudaArch. A value set by the user is kept; an
# empty one is GNUInstallDirs' "its default" (what a tree configured before holds).
if(NOT CMAKE_INSTALL_DOCDIR)
  set(CMAKE_INSTALL_DOCDIR "share/doc/cudaarch" CACHE PATH "Documentation root (DATAROOTDIR/doc/cudaarch)" FORCE)
endif()
include(GNUInstallDirs)
option(CUDAARCH_INSTALL_STRIP "Strip the installed executables (cmake --install and cpack)" ON)

set(CUDAARCH_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/CudaArch" CACHE STRING
  "Where the CudaArch modules and package files are installed, relative to the prefix")

# Where `cudaarch --cmakedir` (src/cli/cmd_version.cpp) finds the package: from the installed
# tool's folder, else from the build tree's tool (src/) to this tree's CudaArchConfig.cmake.
set(_cudaarch_cmakedir "${CUDAARCH_INSTALL_CMAKEDIR}")
if(NOT IS_ABSOLUTE "${_cudaarch_cmakedir}")
  set(_cudaarch_cmakedir "${CMAKE_INSTALL_PREFIX}/${_cudaarch_cmakedir}")
endif()
file(RELATIVE_PATH _cudaarch_cmakedir_from_bindir "${CMAKE_INSTALL_FULL_BINDIR}" "${_cudaarch_cmakedir}")
file(RELATIVE_PATH _cudaarch_cmakedir_from_build "${PROJECT_BINARY_DIR}/src" "${PROJECT_BINARY_DIR}")
set_property(SOURCE "${PROJECT_SOURCE_DIR}/src/cli/cmd_version.cpp" DIRECTORY "${PROJECT_SOURCE_DIR}/src" APPEND PROPERTY
  COMPILE_DEFINITIONS "CUDAARCH_CMAKEDIR_FROM_BINDIR=\"${_cudaarch_cmakedir_from_bindir}\""
                      "CUDAARCH_CMAKEDIR_FROM_BUILD=\"${_cudaarch_cmakedir_from_build}\"")

# Before 1.0 a minor release may break the interface: 0.2 does not satisfy a request for 0.1.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(_cudaarch_compatibility SameMinorVersion)
else()
  set(_cudaarch_compatibility SameMajorVersion)
endif()
write_basic_package_version_file("${PROJECT_BINARY_DIR}/CudaArchConfigVersion.cmake"
  COMPATIBILITY ${_cudaarch_compatibility})

# Install tree: the modules sit beside the config file, found relative to it.
set(CUDAARCH_CONFIG_MODULES_DIR "\${CMAKE_CURRENT_LIST_DIR}")
configure_package_config_file(cmake/packaging/CudaArchConfig.cmake.in
  "${PROJECT_BINARY_DIR}/install/CudaArchConfig.cmake"
  INSTALL_DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}")

# Build tree: the modules stay in the source tree.
set(CUDAARCH_CONFIG_MODULES_DIR "${PROJECT_SOURCE_DIR}/cmake")
configure_package_config_file(cmake/packaging/CudaArchConfig.cmake.in
  "${PROJECT_BINARY_DIR}/CudaArchConfig.cmake"
  INSTALL_DESTINATION "${PROJECT_BINARY_DIR}" INSTALL_PREFIX "${PROJECT_BINARY_DIR}")

# One targets file per component, so that a prefix with only some components installed
# imports only the targets whose files it has.
export(TARGETS cudaarch NAMESPACE CudaArch:: FILE "${PROJECT_BINARY_DIR}/CudaArchToolTargets.cmake")
# The runtime guard's library links the core's verdict, binary and model layers, which travel with it.
export(TARGETS cudaarch_runtime cudaarch_verdict cudaarch_binary cudaarch_model NAMESPACE CudaArch:: FILE "${PROJECT_BINARY_DIR}/CudaArchRuntimeTargets.cmake")
if(CUDAARCH_INSTALL)
  # Without CUDAARCH_BUILD_TOOLS the CLI is not in 'all', so there is none to install.
  if(CUDAARCH_BUILD_TOOLS)
    # A plain `cmake --install` strips, as `--strip` does: a RelWithDebInfo tool is 25 MB
    # with its debug information, 3 MB without. `cmake --install` given CMAKE_INSTALL_DO_STRIP
    # itself, or CUDAARCH_INSTALL_STRIP=OFF, keeps them.
    install(CODE "if(NOT DEFINED CMAKE_INSTALL_DO_STRIP)\n  set(CMAKE_INSTALL_DO_STRIP ${CUDAARCH_INSTALL_STRIP})\nendif()"
      COMPONENT runtime)
    install(TARGETS cudaarch EXPORT CudaArchToolTargets RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
      COMPONENT runtime)
    install(EXPORT CudaArchToolTargets NAMESPACE CudaArch:: DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}"
      COMPONENT runtime)
    # The CLI asks the driver through this helper, found relative to it (driver_helper.cpp).
    # The wheel workflow links one against an older C library than the host's and installs
    # that file in its place (python_dist.cmake), as the helper alone is dynamic.
    set(CUDAARCH_DRIVER_QUERY_EXECUTABLE "" CACHE FILEPATH
      "A cudaarch-driver-query to install instead of the one built here (empty: the one built here)")
    if(CUDAARCH_DRIVER_QUERY_EXECUTABLE)
      if(NOT EXISTS "${CUDAARCH_DRIVER_QUERY_EXECUTABLE}" OR IS_DIRECTORY "${CUDAARCH_DRIVER_QUERY_EXECUTABLE}")
        message(FATAL_ERROR "CUDAARCH_DRIVER_QUERY_EXECUTABLE is '${CUDAARCH_DRIVER_QUERY_EXECUTABLE}', which is no "
          "file: name a built cudaarch-driver-query, or set it empty to install the one built here")
      endif()
      install(PROGRAMS "${CUDAARCH_DRIVER_QUERY_EXECUTABLE}" RENAME cudaarch-driver-query
        DESTINATION "${CMAKE_INSTALL_LIBEXECDIR}/cudaarch" COMPONENT runtime)
    else()
      install(TARGETS cudaarch_driver_query RUNTIME DESTINATION "${CMAKE_INSTALL_LIBEXECDIR}/cudaarch"
        COMPONENT runtime)
    endif()
    # The shell completions, generated from the CLI's option tables by the CLI itself.
    file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/completions")
    foreach(_cudaarch_shell IN ITEMS bash zsh fish)
      add_custom_command(OUTPUT "${PROJECT_BINARY_DIR}/completions/${_cudaarch_shell}"
        COMMAND "${CMAKE_COMMAND}" "-DCUDAARCH=$<TARGET_FILE:cudaarch>" "-DARGS=completion;${_cudaarch_shell}"
                "-DOUTPUT=${PROJECT_BINARY_DIR}/completions/${_cudaarch_shell}"
                -P "${PROJECT_SOURCE_DIR}/cmake/packaging/cli_output.cmake"
        DEPENDS cudaarch "${PROJECT_SOURCE_DIR}/cmake/packaging/cli_output.cmake"
        COMMENT "Generating the ${_cudaarch_shell} completion" VERBATIM)
    endforeach()
    # cudaarch(1), made from the same table by the CLI (src/cli/man_page.cpp), so that no
    # build needs Sphinx for it; Debian's package gets it compressed (debian_files.cmake).
    file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/man")
    add_custom_command(OUTPUT "${PROJECT_BINARY_DIR}/man/cudaarch.1"
      COMMAND "${CMAKE_COMMAND}" "-DCUDAARCH=$<TARGET_FILE:cudaarch>" "-DARGS=help;--man"
              "-DOUTPUT=${PROJECT_BINARY_DIR}/man/cudaarch.1" -P "${PROJECT_SOURCE_DIR}/cmake/packaging/cli_output.cmake"
      DEPENDS cudaarch "${PROJECT_SOURCE_DIR}/cmake/packaging/cli_output.cmake"
      COMMENT "Generating the man page cudaarch(1)" VERBATIM)
    add_custom_target(cudaarch_completions ALL
      DEPENDS "${PROJECT_BINARY_DIR}/completions/bash" "${PROJECT_BINARY_DIR}/completions/zsh"
              "${PROJECT_BINARY_DIR}/completions/fish")
    add_custom_target(cudaarch_man_page ALL DEPENDS "${PROJECT_BINARY_DIR}/man/cudaarch.1")
    install(FILES "${PROJECT_BINARY_DIR}/completions/bash" RENAME cudaarch
      DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions" COMPONENT runtime)
    install(FILES "${PROJECT_BINARY_DIR}/completions/zsh" RENAME _cudaarch
      DESTINATION "${CMAKE_INSTALL_DATADIR}/zsh/site-functions" COMPONENT runtime)
    install(FILES "${PROJECT_BINARY_DIR}/completions/fish" RENAME cudaarch.fish
      DESTINATION "${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d" COMPONENT runtime)
    install(FILES "${PROJECT_BINARY_DIR}/man/cudaarch.1" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1" COMPONENT runtime)
  endif()
  # The runtime guard: its header and its libraries, which a subproject builds only on demand
  # (src is not in its 'all'), so installs only with CUDAARCH_BUILD_TOOLS.
  if(CUDAARCH_BUILD_TOOLS OR CUDAARCH_TESTING)
    install(TARGETS cudaarch_runtime cudaarch_verdict cudaarch_binary cudaarch_model EXPORT CudaArchRuntimeTargets
      ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT dev)
    install(EXPORT CudaArchRuntimeTargets NAMESPACE CudaArch:: DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}"
      COMPONENT dev)
    install(FILES src/cudaarch/runtime.hpp DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/cudaarch" COMPONENT dev)
  endif()
  install(FILES "${PROJECT_BINARY_DIR}/install/CudaArchConfig.cmake" "${PROJECT_BINARY_DIR}/CudaArchConfigVersion.cmake"
    DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}" COMPONENT cmake)
  install(DIRECTORY cmake/ DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}" COMPONENT cmake
    PATTERN "packaging" EXCLUDE)
  # Each component alone carries the licence, the Debian-format copyright and the changelog;
  # a whole install lists them once: the cmake component's rule installs them, and the other
  # components' copy only where the install is of that component alone.
  set(_cudaarch_docs "${PROJECT_SOURCE_DIR}/LICENSE" "${PROJECT_SOURCE_DIR}/cmake/packaging/copyright"
                     "${PROJECT_SOURCE_DIR}/CHANGELOG.md")
  install(FILES ${_cudaarch_docs} DESTINATION "${CMAKE_INSTALL_DOCDIR}" COMPONENT cmake)
  foreach(_cudaarch_component IN ITEMS runtime dev)
    install(CODE "if(CMAKE_INSTALL_COMPONENT STREQUAL \"${_cudaarch_component}\")
  file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DOCDIR}\" TYPE FILE FILES ${_cudaarch_docs})
endif()" COMPONENT ${_cudaarch_component})
  endforeach()
  # cudaarch_detect builds this probe; installed beside the modules (see internal/detect.cmake).
  install(FILES kernels/probe/cudaarch_probe.cpp kernels/probe/cudaarch_probe_kernel.cup DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}/probe" COMPONENT cmake)
  # For a downstream CMakePresets.json to include (docs/presets.md).
  install(FILES presets/CudaArchPresets.json DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}/presets" COMPONENT cmake)
endif()

# As a subproject (add_subdirectory, FetchContent), find_package(CudaArch) finds the
# build tree through CMake's redirect folder where it exists (CMake 3.24+).
if(NOT CUDAARCH_TOP_LEVEL AND CMAKE_FIND_PACKAGE_REDIRECTS_DIR)
  file(WRITE "${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/cudaarch-config.cmake"
    "include(\"${PROJECT_BINARY_DIR}/CudaArchConfig.cmake\")\n")
  file(COPY "${PROJECT_BINARY_DIR}/CudaArchConfigVersion.cmake" DESTINATION "${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}")
  file(RENAME "${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/CudaArchConfigVersion.cmake"
    "${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/cudaarch-config-version.cmake")
endif()

# `cpack` in the build tree: a Debian package and a tarball of every component.
if(CUDAARCH_TOP_LEVEL)
  set(CPACK_PACKAGE_NAME cudaarch)
  set(CPACK_PACKAGE_VENDOR "CudaArch")
  # Debian policy wants "Name <address>" (lintian: malformed-contact).
  set(CUDAARCH_PACKAGE_MAINTAINER "CudaArch maintainers <maintainers@cudaarch.invalid>" CACHE STRING
    "The Maintainer of the Debian package, as Name <address>")
  set(CPACK_PACKAGE_CONTACT "${CUDAARCH_PACKAGE_MAINTAINER}")
  # Under 80 characters, as Debian's synopsis must be.
  set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "CUDA GPU architectures without the guesswork")
  set(CPACK_GENERATOR "DEB;TGZ")
  set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
  set(CPACK_STRIP_FILES ON)
  set(CPACK_THREADS 0)
  set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
  set(CPACK_DEBIAN_PACKAGE_SECTION devel)
  # The exact library versions where dpkg-shlibdeps (dpkg-dev) is there to find them.
  find_program(CUDAARCH_DPKG_SHLIBDEPS dpkg-shlibdeps)
  mark_as_advanced(CUDAARCH_DPKG_SHLIBDEPS)
  if(CUDAARCH_DPKG_SHLIBDEPS)
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  else()
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6")  # the C++ runtime is linked in (src/CMakeLists.txt)
  endif()
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "cmake (>= 3.18)")
  # The extended description, after the summary; lines of under 80 characters (lintian:
  # extended-description-line-too-long), each of which CPack indents by one space.
  set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "The cudaarch tool translates, resolves and checks CUDA compute capabilities\nin every notation, lists the SASS and PTX images of binaries and says\nwhether they run on a GPU; the CMake package (find_package(CudaArch)) sets\nCMAKE_CUDA_ARCHITECTURES from them.")
  # Debian's changelog.gz beside CHANGELOG.md, and the lintian overrides, in the package's tree.
  set(CPACK_PRE_BUILD_SCRIPTS "${PROJECT_SOURCE_DIR}/cmake/packaging/debian_files.cmake")
  include(CPack)
endif()

# `cmake --workflow --preset wheel`: the sdist and the wheel in build/wheel/dist
# (python_dist.cmake). Off by default: it builds the project again, through pip's backend.
option(CUDAARCH_PYTHON_DIST "Build the Python sdist and wheel (target cudaarch_python_dist)" OFF)
if(CUDAARCH_PYTHON_DIST AND CUDAARCH_TOP_LEVEL)
  find_package(Python3 COMPONENTS Interpreter REQUIRED)
  add_custom_target(cudaarch_python_dist
    COMMAND "${CMAKE_COMMAND}" "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}" "-DDIST_DIR=${PROJECT_BINARY_DIR}/dist"
            "-DVENV=${PROJECT_BINARY_DIR}/venv" "-DPYTHON=${Python3_EXECUTABLE}"
            "-DWHEELS=${PROJECT_SOURCE_DIR}/.deps/toolkits/python-dist-tools" "-DGENERATOR=${CMAKE_GENERATOR}"
            -P "${PROJECT_SOURCE_DIR}/cmake/packaging/python_dist.cmake"
    COMMENT "Building the Python sdist and wheel into ${PROJECT_BINARY_DIR}/dist" VERBATIM)
endif()
