# Package files for find_package(CudaArch) from the build tree and from an install prefix.
# Included by the top-level CMakeLists.txt after the targets exist.
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(CUDAARCH_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/CudaArch" CACHE STRING
  "Where the CudaArch modules and package files are installed, relative to the prefix")

write_basic_package_version_file("${PROJECT_BINARY_DIR}/CudaArchConfigVersion.cmake"
  COMPATIBILITY SameMajorVersion)

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

install(TARGETS cudaarch cudaarch_runtime EXPORT CudaArchTargets RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
install(FILES src/cudaarch/runtime.hpp DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/cudaarch")
export(EXPORT CudaArchTargets NAMESPACE CudaArch:: FILE "${PROJECT_BINARY_DIR}/CudaArchTargets.cmake")
install(EXPORT CudaArchTargets NAMESPACE CudaArch:: DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}")
install(FILES "${PROJECT_BINARY_DIR}/install/CudaArchConfig.cmake" "${PROJECT_BINARY_DIR}/CudaArchConfigVersion.cmake"
  DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}")
install(DIRECTORY cmake/ DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}"
  PATTERN "packaging" EXCLUDE)
# cudaarch_detect builds this probe; installed beside the modules (see internal/detect.cmake).
install(FILES kernels/probe/cudaarch_probe.cu DESTINATION "${CUDAARCH_INSTALL_CMAKEDIR}/probe")

# As a subproject (add_subdirectory, FetchContent), find_package(CudaArch) finds the
# build tree through CMake's redirect folder where it exists (CMake 3.24+).
if(NOT CUDAARCH_TOP_LEVEL AND CMAKE_FIND_PACKAGE_REDIRECTS_DIR)
  file(WRITE "${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/cudaarch-config.cmake"
    "include(\"${PROJECT_BINARY_DIR}/CudaArchConfig.cmake\")\n")
  file(COPY "${PROJECT_BINARY_DIR}/CudaArchConfigVersion.cmake" DESTINATION "${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}")
  file(RENAME "${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/CudaArchConfigVersion.cmake"
    "${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/cudaarch-config-version.cmake")
endif()
