# SPDX-License-Identifier: Apache-2.0
# CUDAARCH_BUILD_DOCS=ON builds cudaarch-cmake(7) with Sphinx and installs it: here the modules
# alone (no CLI and no runtime guard, so no cudaarch(1)) put it in share/man/man7, where a
# plain build installs the committed page (package.components lists those files). Skips (prints SKIP:) without the docs tools unless CUDAARCH_REQUIRE_TOOLKITS is set.
#   cmake -DSOURCE_DIR=<repo> -DSPHINX=<sphinx-build> -DWORK_DIR=<dir> -P man_pages.cmake
include("${CMAKE_CURRENT_LIST_DIR}/package_testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../setup/require_fetched.cmake")
require_fetched("${SPHINX}" "sphinx-build (docs/requirements.txt)")
file(REMOVE_RECURSE "${WORK_DIR}")
package_run(out "configure with CUDAARCH_BUILD_DOCS=ON"
  COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/build" -G Ninja -DBUILD_TESTING=OFF
          -DCUDAARCH_BUILD_TOOLS=OFF -DCUDAARCH_BUILD_DOCS=ON "-DCUDAARCH_SPHINX_BUILD=${SPHINX}")
package_run(out "build the man pages" COMMAND "${CMAKE_COMMAND}" --build "${WORK_DIR}/build")
package_run(out "install" COMMAND "${CMAKE_COMMAND}" --install "${WORK_DIR}/build" --prefix "${WORK_DIR}/prefix")
package_module_files(modules "${SOURCE_DIR}")
package_expect_files("${WORK_DIR}/prefix" ${modules})
file(STRINGS "${WORK_DIR}/prefix/share/man/man7/cudaarch-cmake.7" title REGEX "^\\.TH ")
if(NOT title MATCHES "^\\.TH \"CUDAARCH-CMAKE\" \"7\"")
  message(FATAL_ERROR "share/man/man7/cudaarch-cmake.7 is no man page of section 7: [${title}]")
endif()
