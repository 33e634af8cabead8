# SPDX-License-Identifier: Apache-2.0
# `pip install .` in a fresh venv, offline from the wheels tests/toolkits/fetch.sh fetched:
# cudaarch is on the venv's PATH and runs, `python -m cudaarch --cmakedir` prints the prefix,
# and a downstream project finds the package there. The build folder is kept between runs.
# Skips (prints SKIP:) without the fetched wheels unless CUDAARCH_REQUIRE_TOOLKITS is set.
#   cmake -DSOURCE_DIR=<repo> -DWHEELS=<dir> -DPYTHON=<python3> -DSTUB_LIBCUDA=<the stub driver>
#         -DWORK_DIR=<dir> -P pip.cmake
include("${CMAKE_CURRENT_LIST_DIR}/package_testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../setup/require_fetched.cmake")
require_fetched("${WHEELS}/.complete" "the scikit-build-core wheels")
file(REMOVE_RECURSE "${WORK_DIR}/venv" "${WORK_DIR}/consumer")
package_run(out "python -m venv" COMMAND "${PYTHON}" -m venv "${WORK_DIR}/venv")
set(venv "${WORK_DIR}/venv/bin")
package_run(out "pip install ."
  COMMAND "${CMAKE_COMMAND}" -E env PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
          "${venv}/python" -m pip install --no-index --find-links "${WHEELS}"
          "--config-settings=build-dir=${WORK_DIR}/build" "${SOURCE_DIR}")
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
# The module's help names its own option before the tool's help.
package_run(out "python -m cudaarch --help" COMMAND "${venv}/python" -m cudaarch --help)
package_expect_lines("${out}" "usage: python -m cudaarch --cmakedir" "usage: cudaarch <command> [options] [arguments]")
package_run(prefix "python -m cudaarch --cmakedir" COMMAND "${venv}/python" -m cudaarch --cmakedir)
string(STRIP "${prefix}" prefix)
if(NOT EXISTS "${prefix}/lib/cmake/CudaArch/CudaArchConfig.cmake" OR NOT prefix MATCHES "^${WORK_DIR}/venv/")
  message(FATAL_ERROR "--cmakedir printed '${prefix}', which holds no lib/cmake/CudaArch/CudaArchConfig.cmake")
endif()
package_consumer("${SOURCE_DIR}" "${WORK_DIR}/consumer" "${prefix}")
