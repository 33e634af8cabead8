# SPDX-License-Identifier: Apache-2.0
#[=======================================================================[.rst:
CudaArch
--------

Takes the guesswork out of CUDA GPU architectures: reads every spelling of an
architecture list (CMake, PyTorch, TensorFlow, OpenCV, nvcc flags, GPU names), writes
it in any of them, and asks the installed nvcc what it can build.

.. code-block:: cmake

  list(APPEND CMAKE_MODULE_PATH "<CudaArch>/cmake")
  include(CudaArch)          # or: find_package(CudaArch)

Including this module defines every ``cudaarch_*`` command of ``cudaarch/`` (one file
each, documented in its own doc block; see ``docs/reference/cmake``). It works in script mode (``cmake -P``) and without the CUDA
language, and changes neither the caller's policies nor its variables.
#]=======================================================================]
include_guard(GLOBAL)

# The commands keep the policies in force where they are defined: those of CMake 3.18 up
# to 3.31 (CMP0174 among them: "KEYWORD ''" is an empty value), whatever the caller's. The
# push and pop keep them out of the caller, even if it includes with NO_POLICY_SCOPE.
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)

file(GLOB _cudaarch_modules "${CMAKE_CURRENT_LIST_DIR}/cudaarch/cudaarch_*.cmake")
list(SORT _cudaarch_modules)
foreach(_cudaarch_module IN LISTS _cudaarch_modules)
  include("${_cudaarch_module}")
endforeach()
unset(_cudaarch_module)
unset(_cudaarch_modules)
cmake_policy(POP)
