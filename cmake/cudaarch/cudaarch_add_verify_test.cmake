# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/notation.cmake")

#[=======================================================================[.rst:
cudaarch_add_verify_test
------------------------

.. command:: cudaarch_add_verify_test

  Adds a CTest test that lists the SASS and PTX images in the file a target builds, with
  :doc:`cudaarch verify </cli/verify>`, and fails when they are not exactly the architectures
  the target asked for.

  .. code-block:: cmake

     cudaarch_add_verify_test(<target> [EXPECT <spec>...] [NAME <test>])

  ``<target>``
     an executable, shared, module or static library target with CUDA device code
  ``EXPECT <spec>...``
     the architectures the file must hold, in any notation (``80-real 90``, ``"8.0 9.0a"``,
     ``sm_90a``). Default: the target's resolved list (`below <#the-resolved-list>`__)
  ``NAME <test>``
     the test's name. Default: ``cudaarch_verify_<target>``

  The test runs
  ``$<TARGET_FILE:CudaArch::cudaarch> verify --expect <spec> $<TARGET_FILE:<target>>``.
  ``CudaArch::cudaarch`` exists after ``find_package(CudaArch)`` from a build or install tree
  that has the CLI, and after ``add_subdirectory(<CudaArch>)``.

The resolved list
^^^^^^^^^^^^^^^^^

1. The target property ``CUDAARCH_ARCHITECTURES``, a CMAKE-format list
   (``cudaarch_set_architectures`` / ``cudaarch_target_architectures`` set it).
2. Else the target's ``CUDA_ARCHITECTURES`` (``80-real;90``; initialised from
   ``CMAKE_CUDA_ARCHITECTURES``).

A keyword (``all``, ``all-major``, ``native``) or a generator expression there names no
fixed list and is an error that asks for ``EXPECT``; so is a target with neither property
(or ``CUDA_ARCHITECTURES`` ``OFF``).

Example
^^^^^^^

.. code-block:: cmake

   find_package(CudaArch REQUIRED)
   enable_testing()
   add_library(kernels STATIC a.cu)
   set_target_properties(kernels PROPERTIES CUDA_ARCHITECTURES "80-real;90")
   cudaarch_add_verify_test(kernels)                      # expects sm_80 sm_90 compute_90
   cudaarch_add_verify_test(kernels EXPECT 80-real 90a-real NAME kernels_hopper)

``ctest -V -R kernels_hopper`` then fails with

::

   <build>/libkernels.a: differs from sm_80 sm_90a
     missing: sm_90a
     extra: sm_90 compute_90

Note that a target linking an object library built for other architectures (as ``kernels/``
links its ``90a-real`` Hopper file) holds those images too; name them in ``EXPECT``.

Errors
^^^^^^

All at configure time, with ``message(FATAL_ERROR)``:
``cudaarch_add_verify_test: missing <target>; usage: …``, ``… '<name>' is not a target.``,
``… unknown argument 'X'; usage: …``, ``… NAME needs a value; usage: …`` (also ``EXPECT``),
``… EXPECT: <why the spec cannot be read>`` (read at configure time, not when the test
runs), ``… '<target>' is a <TYPE>, which builds no single file to inspect.``,
``… CudaArch::cudaarch does not exist: …``,
``… <property> of '<target>' is '<value>', which names no fixed list; pass EXPECT <spec>...``,
``… '<target>' has no CUDAARCH_ARCHITECTURES or CUDA_ARCHITECTURES; pass EXPECT <spec>...``.

Tests
^^^^^

``cmake.add_verify_test`` (``tests/cmake/add_verify_test/run_project.cmake``) configures and builds a
two-library CUDA project against the build tree, runs its four verify tests and compares
their output and results exactly, then checks each configure error in a project without a
language.
#]=======================================================================]
function(cudaarch_add_verify_test)
  _cudaarch_parse_arguments(cudaarch_add_verify_test ${ARGC}
    usage "cudaarch_add_verify_test(<target> [EXPECT <spec>...] [NAME <test>])"
    leading TARGET one_value NAME multi_value EXPECT)
  set(target "${arg_TARGET}")
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "cudaarch_add_verify_test: '${target}' is not a target.")
  endif()
  get_target_property(type "${target}" TYPE)
  if(NOT type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY|STATIC_LIBRARY)$")
    message(FATAL_ERROR "cudaarch_add_verify_test: '${target}' is a ${type}, which builds no single file to inspect.")
  endif()
  if(NOT TARGET CudaArch::cudaarch)
    message(FATAL_ERROR "cudaarch_add_verify_test: CudaArch::cudaarch does not exist: find_package(CudaArch) "
                        "from a build or install tree with the CLI, or add CudaArch with add_subdirectory.")
  endif()
  if(NOT arg_EXPECT STREQUAL "")
    # Read now, so that a wrong spec stops the configure rather than fails the test.
    _cudaarch_format_impl(parsed warnings error CMAKE "" "${arg_EXPECT}")
    if(error)
      message(FATAL_ERROR "cudaarch_add_verify_test: EXPECT: ${error}")
    elseif(parsed STREQUAL "")
      message(FATAL_ERROR "cudaarch_add_verify_test: EXPECT '${arg_EXPECT}' names no architecture")
    endif()
    set(expected "${arg_EXPECT}")
  else()
    _cudaarch_verify_expected(expected "${target}")
  endif()
  set(name "${arg_NAME}")
  if(name STREQUAL "")
    set(name "cudaarch_verify_${target}")
  endif()
  string(REPLACE ";" " " spec "${expected}")
  add_test(NAME "${name}" COMMAND "$<TARGET_FILE:CudaArch::cudaarch>" verify --expect "${spec}"
                                  "$<TARGET_FILE:${target}>")
endfunction()

# The architectures <target> resolved to: CUDAARCH_ARCHITECTURES, else CUDA_ARCHITECTURES.
function(_cudaarch_verify_expected out_var target)
  foreach(candidate IN ITEMS CUDAARCH_ARCHITECTURES CUDA_ARCHITECTURES)
    get_target_property(value "${target}" ${candidate})
    if(value)
      set(property ${candidate})
      break()
    endif()
  endforeach()
  if(NOT value)
    message(FATAL_ERROR "cudaarch_add_verify_test: '${target}' has no CUDAARCH_ARCHITECTURES or CUDA_ARCHITECTURES; "
                        "pass EXPECT <spec>...")
  endif()
  foreach(item IN LISTS value)
    if(item MATCHES "^(all|all-major|native)$" OR item MATCHES "\\$<")
      message(FATAL_ERROR "cudaarch_add_verify_test: ${property} of '${target}' is '${value}', which names no "
                          "fixed list; pass EXPECT <spec>...")
    endif()
  endforeach()
  set(${out_var} "${value}" PARENT_SCOPE)
endfunction()
cmake_policy(POP)
