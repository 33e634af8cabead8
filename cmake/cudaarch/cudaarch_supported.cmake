# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/toolkit.cmake")

#[=======================================================================[.rst:
cudaarch_supported
------------------

.. versionadded:: 0.1

.. command:: cudaarch_supported

  Returns the architectures an nvcc can build, asked of that nvcc. The CLI twin is
  :doc:`cudaarch supported </cli/supported>`; a test checks that both give the same lists for
  every recorded and constructed nvcc in ``tests/toolkits/fixtures``.

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_supported(<out-var> [COMPILER <nvcc>] [KIND REAL|VIRTUAL])

Arguments
^^^^^^^^^

``<out-var>``
   receives the result
``COMPILER <nvcc>``
   the compiler to ask. Default: the project's CUDA compiler when the CUDA language is
   enabled with nvcc, else as the data file's ``nvcc`` rows say, in the order of CMake's FindCUDAToolkit
   (:doc:`where the tools look </database>`); a source that is set decides, even when its nvcc is
   missing
``KIND REAL``
   the ``sm_`` targets (default)
``KIND VIRTUAL``
   the ``compute_`` targets

Results
^^^^^^^

``<out-var>``
   the architectures as CMake numbers, sorted by capability and suffix:
   ``75;80;86;…;90;90a;100;100a;100f;…``

Where the answer comes from
^^^^^^^^^^^^^^^^^^^^^^^^^^^

1. ``nvcc --list-gpu-code`` and ``--list-gpu-arch`` list the plain architectures. nvcc 13.0
   prints them out of numeric order; the result is sorted.
2. Those options leave out the ``a`` and ``f`` variants (``90a``, ``100f``, …). They come
   from the values ``nvcc --help`` allows for ``--gpu-code``.
3. An nvcc without ``--list-gpu-code`` (CUDA 11.0 and older) is answered from the database's
   release ranges (:doc:`table </toolkit-support>`).

Cache
^^^^^

The answer is stored in an internal cache entry keyed on the compiler's path and version:
``CMAKE_CUDA_COMPILER_VERSION`` for the project's own compiler, else the compiler file's
time stamp, so the key itself costs no process. A second configure starts no nvcc for it
(the test ``cmake.supported.second_configure_runs_no_nvcc`` counts the calls). Replacing the
compiler, or pointing ``COMPILER`` elsewhere, asks again.

Errors
^^^^^^

``cudaarch_supported: unknown argument 'X'; usage: …``, ``… KIND needs a value; usage: …``
(also ``COMPILER``), ``cudaarch_supported: unknown KIND value '…'; KIND values: REAL, VIRTUAL.``,
``cudaarch_supported: the CUDA compiler '<path>' does not exist; …`` (a
``CMAKE_CUDA_COMPILER`` or ``COMPILER`` that is missing is never replaced by another nvcc),
``cudaarch_supported: no nvcc found: enable the CUDA language, put nvcc on PATH, or pass COMPILER <nvcc>``,
and ``cudaarch_supported: cannot ask <nvcc> for its version (…)`` when the compiler does not
run.

Examples
^^^^^^^^

.. code-block:: cmake

   cudaarch_supported(real)
   if("90a" IN_LIST real)
     add_library(hopper_kernels hopper.cu)
   endif()
#]=======================================================================]
function(cudaarch_supported)
  _cudaarch_parse_arguments(cudaarch_supported ${ARGC}
    usage "cudaarch_supported(<out-var> [COMPILER <nvcc>] [KIND REAL|VIRTUAL])"
    leading OUT_VAR one_value COMPILER KIND variables OUT_VAR)
  _cudaarch_choice(kind cudaarch_supported KIND "${arg_KIND}" REAL REAL VIRTUAL)
  _cudaarch_toolkit(toolkit "${arg_COMPILER}")
  if(toolkit_ERROR)
    message(FATAL_ERROR "cudaarch_supported: ${toolkit_ERROR}")
  endif()
  set(${arg_OUT_VAR} "${toolkit_${kind}}" PARENT_SCOPE)
endfunction()
cmake_policy(POP)
