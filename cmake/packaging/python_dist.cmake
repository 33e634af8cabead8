# SPDX-License-Identifier: Apache-2.0
# The build step of the `wheel` workflow preset (CUDAARCH_PYTHON_DIST): the sdist and the
# wheel, built by scikit-build-core through `python -m build` in a venv of their own, into
# DIST_DIR; both checked by `twine check --strict`, and the wheel's platform shown by
# `auditwheel show`. The tools come from PyPI (the build backend from WHEELS first, the
# wheels tests/toolkits/fetch.sh fetched), at build time, never at configure time.
#   cmake -DSOURCE_DIR=<repo> -DDIST_DIR=<dir> -DVENV=<dir> -DPYTHON=<python3> -DWHEELS=<dir> -P python_dist.cmake
cmake_minimum_required(VERSION 3.18)
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
run("pip install the packaging tools" "${CMAKE_COMMAND}" -E env PIP_DISABLE_PIP_VERSION_CHECK=1
    "${python}" -m pip install --quiet --find-links "${WHEELS}" scikit-build-core build twine auditwheel)
file(REMOVE_RECURSE "${DIST_DIR}")
run("python -m build" "${python}" -m build --no-isolation --sdist --wheel --outdir "${DIST_DIR}" "${SOURCE_DIR}")
file(GLOB dists "${DIST_DIR}/*.whl" "${DIST_DIR}/*.tar.gz")
run("twine check" "${python}" -m twine check --strict ${dists})
message(STATUS "${out}")
file(GLOB wheel "${DIST_DIR}/*.whl")
run("auditwheel show" "${python}" -m auditwheel show ${wheel})
message(STATUS "${out}")
