# SPDX-License-Identifier: Apache-2.0
# Package files for find_package(CudaArch) from the build tree and from an install prefix,
# the install rules (components runtime, cmake, dev) and, at the top level, CPack.
# Included by the top-level CMakeLists.txt after the targets exist.
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(CUDAARCH_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/CudaArch" CACHE STRING
  "Where the CudaArch modules and package files are installed, relative to the prefix")

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
# The runtime guard's library links the core, which travels with it.
export(TARGETS cudaarch_runtime cudaarch_core NAMESPACE CudaArch:: FILE "${PROJECT_BINARY_DIR}/CudaArchRuntimeTargets.cmake")
if(CUDAARCH_INSTALL)
  # Without CUDAARCH_BUILD_TOOLS the CLI is not in 'all', so there is none to install.
  if(CUDAARCH_BUILD_TOOLS)
    install(TARGETS cudaarch EXPORT CudaArchToolTargets RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
      COMPONENT runtime)
    install(EXPORT CudaArchToolTargets NAMESPACE CudaArch:: DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}"
      COMPONENT runtime)
    # The CLI asks the driver through this helper, found relative to it (driver_helper.cpp).
    install(TARGETS cudaarch_driver_query RUNTIME DESTINATION "${CMAKE_INSTALL_LIBEXECDIR}/cudaarch"
      COMPONENT runtime)
    # The shell completions, generated from the CLI's option tables by the CLI itself.
    file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/completions")
    foreach(_cudaarch_shell IN ITEMS bash zsh fish)
      add_custom_command(OUTPUT "${PROJECT_BINARY_DIR}/completions/${_cudaarch_shell}"
        COMMAND "${CMAKE_COMMAND}" "-DCUDAARCH=$<TARGET_FILE:cudaarch>" "-DSHELL_NAME=${_cudaarch_shell}"
                "-DOUTPUT=${PROJECT_BINARY_DIR}/completions/${_cudaarch_shell}"
                -P "${PROJECT_SOURCE_DIR}/cmake/packaging/completion.cmake"
        DEPENDS cudaarch "${PROJECT_SOURCE_DIR}/cmake/packaging/completion.cmake"
        COMMENT "Generating the ${_cudaarch_shell} completion" VERBATIM)
    endforeach()
    add_custom_target(cudaarch_completions ALL
      DEPENDS "${PROJECT_BINARY_DIR}/completions/bash" "${PROJECT_BINARY_DIR}/completions/zsh"
              "${PROJECT_BINARY_DIR}/completions/fish")
    install(FILES "${PROJECT_BINARY_DIR}/completions/bash" RENAME cudaarch
      DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions" COMPONENT runtime)
    install(FILES "${PROJECT_BINARY_DIR}/completions/zsh" RENAME _cudaarch
      DESTINATION "${CMAKE_INSTALL_DATADIR}/zsh/site-functions" COMPONENT runtime)
    install(FILES "${PROJECT_BINARY_DIR}/completions/fish" RENAME cudaarch.fish
      DESTINATION "${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d" COMPONENT runtime)
  endif()
  # The runtime guard: its header and its libraries, which a subproject builds only on demand
  # (src is not in its 'all'), so installs only with CUDAARCH_BUILD_TOOLS.
  if(CUDAARCH_BUILD_TOOLS OR CUDAARCH_TESTING)
    install(TARGETS cudaarch_runtime cudaarch_core EXPORT CudaArchRuntimeTargets
      ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT dev)
    install(EXPORT CudaArchRuntimeTargets NAMESPACE CudaArch:: DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}"
      COMPONENT dev)
    install(FILES src/cudaarch/runtime.hpp DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/cudaarch" COMPONENT dev)
  endif()
  install(FILES "${PROJECT_BINARY_DIR}/install/CudaArchConfig.cmake" "${PROJECT_BINARY_DIR}/CudaArchConfigVersion.cmake"
    DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}" COMPONENT cmake)
  install(DIRECTORY cmake/ DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}" COMPONENT cmake
    PATTERN "packaging" EXCLUDE)
  # Each component alone carries the licence.
  foreach(_cudaarch_component IN ITEMS runtime cmake dev)
    install(FILES LICENSE CHANGELOG.md DESTINATION "${CMAKE_INSTALL_DOCDIR}" COMPONENT ${_cudaarch_component})
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
  set(CPACK_PACKAGE_CONTACT "CudaArch maintainers")
  set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
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
  set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "CUDA GPU architectures without the guesswork\n The cudaarch tool translates, resolves and checks CUDA compute capabilities in every\n notation, lists the SASS and PTX images of binaries and says whether they run on a GPU;\n the CMake package (find_package(CudaArch)) sets CMAKE_CUDA_ARCHITECTURES from them.")
  include(CPack)
endif()
