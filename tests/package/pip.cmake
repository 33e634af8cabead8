# SPDX-License-Identifier: Apache-2.0
# The release wheel as the `wheel` workflow preset builds it (cmake/packaging/python_dist.cmake,
# offline from the tools tests/toolkits/fetch.sh fetched): the sdist and the wheel pass
# `twine check --strict`, `auditwheel show` finds the wheel consistent with
# manylinux_2_28_x86_64 or lower; then the wheel in a fresh venv: cudaarch is on the venv's
# PATH and runs, its helper asks the (stub) driver, `python -m cudaarch --cmakedir` prints the
# prefix, and a downstream project finds the package there. Skips (prints SKIP:) without the
# fetched tools unless CUDAARCH_REQUIRE_TOOLKITS is set.
#   cmake -DSOURCE_DIR=<repo> -DWHEELS=<dir> -DPYTHON=<python3> -DSTUB_LIBCUDA=<the stub driver>
#         -DWORK_DIR=<dir> -P pip.cmake
include("${CMAKE_CURRENT_LIST_DIR}/package_testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../setup/require_fetched.cmake")
require_fetched("${WHEELS}/.complete" "the wheel workflow's tools (cmake/packaging/python_dist_requirements.txt)")
file(REMOVE_RECURSE "${WORK_DIR}/venv" "${WORK_DIR}/consumer")
package_run(out "the wheel workflow (python_dist.cmake)"
  COMMAND "${CMAKE_COMMAND}" "-DSOURCE_DIR=${SOURCE_DIR}" "-DDIST_DIR=${WORK_DIR}/dist" "-DVENV=${WORK_DIR}/tools"
          "-DPYTHON=${PYTHON}" "-DWHEELS=${WHEELS}" -DOFFLINE=ON -P "${SOURCE_DIR}/cmake/packaging/python_dist.cmake")
string(REGEX MATCH "auditwheel show: consistent with manylinux_2_[0-9]+_x86_64" said "${out}")
if(NOT said)
  message(FATAL_ERROR "the wheel workflow did not report the wheel's manylinux tag:\n${out}")
endif()
file(GLOB wheel "${WORK_DIR}/dist/cudaarch-*-py3-none-*manylinux_2_28_x86_64.whl")
file(GLOB sdist "${WORK_DIR}/dist/cudaarch-*.tar.gz")
if(NOT wheel OR NOT sdist)
  file(GLOB made "${WORK_DIR}/dist/*")
  message(FATAL_ERROR "no cudaarch-*-py3-none-*manylinux_2_28_x86_64.whl and sdist in ${WORK_DIR}/dist: ${made}")
endif()
# Both files passed `twine check --strict`, each named whole on its own line.
package_expect_lines("${out}" "twine check --strict: PASSED ${wheel}\n" "twine check --strict: PASSED ${sdist}\n")
message(STATUS "${said}")
# The sdist is the sources: no build folder and no fetched toolkit of the checkout.
package_run(listing "list the sdist" COMMAND "${CMAKE_COMMAND}" -E tar tf "${sdist}")
if(listing MATCHES "(^|\n)cudaarch-[0-9.]+/(build[^/\n]*|\.deps)/")
  message(FATAL_ERROR "the sdist holds build or .deps files:\n${listing}")
endif()
package_run(out "python -m venv" COMMAND "${PYTHON}" -m venv "${WORK_DIR}/venv")
set(venv "${WORK_DIR}/venv/bin")
package_run(out "pip install the wheel"
  COMMAND "${CMAKE_COMMAND}" -E env PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
          "${venv}/python" -m pip install --no-index "${wheel}")
package_expect_lines("${out}" "Successfully installed cudaarch-")

# `cudaarch` as the venv's PATH finds it.
package_run(out "cudaarch on PATH"
  COMMAND "${CMAKE_COMMAND}" -E env "PATH=${venv}:/usr/bin:/bin" cudaarch --version)
if(NOT out MATCHES "^cudaarch [0-9.]+\ndatabase: CUDA [0-9.]+, compute capability [0-9.]+\nnvcc: ")
  message(FATAL_ERROR "cudaarch --version from the venv printed [${out}]")
endif()
package_run(out "cudaarch on PATH"
  COMMAND "${CMAKE_COMMAND}" -E env "PATH=${venv}:/usr/bin:/bin" cudaarch convert --to torch sm_75)
if(NOT out STREQUAL "7.5\n")
  message(FATAL_ERROR "cudaarch from the venv printed [${out}]")
endif()
# The wheel's cudaarch finds its cudaarch-driver-query (cudaarch/libexec/cudaarch).
package_expect_detect("${venv}/cudaarch" "${STUB_LIBCUDA}")
# The module is the tool: its help is the tool's, and --cmakedir prints the folder that holds
# CudaArchConfig.cmake, as the tool on PATH does.
package_run(out "python -m cudaarch --help" COMMAND "${venv}/python" -m cudaarch --help)
package_expect_lines("${out}" "usage: cudaarch <command> [options] [arguments]" "'cudaarch --cmakedir' prints the folder")
package_run(cmakedir "python -m cudaarch --cmakedir" COMMAND "${venv}/python" -m cudaarch --cmakedir)
package_run(tool_cmakedir "cudaarch --cmakedir" COMMAND "${CMAKE_COMMAND}" -E env "PATH=${venv}:/usr/bin:/bin" cudaarch --cmakedir)
if(NOT cmakedir STREQUAL tool_cmakedir OR NOT cmakedir MATCHES "^${WORK_DIR}/venv/.*/lib/cmake/CudaArch\n$")
  message(FATAL_ERROR "python -m cudaarch --cmakedir printed [${cmakedir}] and cudaarch --cmakedir [${tool_cmakedir}]: "
    "not one <venv>/.../lib/cmake/CudaArch")
endif()
string(STRIP "${cmakedir}" cmakedir)
if(NOT EXISTS "${cmakedir}/CudaArchConfig.cmake")
  message(FATAL_ERROR "--cmakedir printed '${cmakedir}', which holds no CudaArchConfig.cmake")
endif()
get_filename_component(prefix "${cmakedir}/../../.." ABSOLUTE)
package_consumer("${SOURCE_DIR}" "${WORK_DIR}/consumer" "${prefix}")
