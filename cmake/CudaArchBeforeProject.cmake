# SPDX-License-Identifier: Apache-2.0
#[=======================================================================[.rst:
CudaArchBeforeProject
---------------------

For projects that call ``cudaarch_set_architectures`` after ``project()``: catches a
user's ``CMAKE_CUDA_ARCHITECTURES`` (or ``CUDAARCHS``) that this CMake would reject in
its CUDA compiler check, before that check runs, and hands it to the project's later
``cudaarch_set_architectures`` call, which resolves, validates and reports it as the
user's value. Examples: ``native`` before CMake 3.24, ``all-major`` before 3.23, ``90a``
on 3.24, ``100f`` on 3.24 to 4.0.1 (``docs/cmake-versions.md``), or any notation CMake does
not read (``8.6``, ``sm_90a``, ``H100``).

.. code-block:: console

  cmake -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=<CudaArch>/cmake/CudaArchBeforeProject.cmake \
        -DCMAKE_CUDA_ARCHITECTURES=90a …         # CMake 3.24+

or, on any CMake, in the project before ``project()``:

.. code-block:: cmake

  include("<CudaArch>/cmake/CudaArchBeforeProject.cmake")

A caught value makes ``CMAKE_CUDA_ARCHITECTURES`` a normal variable ``OFF`` in the
top-level directory until ``cudaarch_set_architectures`` replaces it (CMake's compiler
check then builds nvcc's default), and adds a report line. Values CMake accepts are left
alone. If no ``cudaarch_set_architectures`` call takes the caught value, the configure
stops at the end of the top-level directory (CMake 3.19+) rather than drop it.
#]=======================================================================]
include_guard(GLOBAL)
# The internals are defined here once for the whole configure: under the modules' policies, as
# every other module file defines them, not under the including project's.
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/cudaarch/internal/request.cmake")
cmake_policy(POP)
# Its errors start with this module's name, as every command's start with the command's.
_cudaarch_catch_user_request(CudaArchBeforeProject)
