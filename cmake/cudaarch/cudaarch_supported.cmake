include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/toolkit.cmake")

#[=======================================================================[.rst:
.. command:: cudaarch_supported

  Returns the architectures an nvcc can build, asked of that nvcc.

  .. code-block:: cmake

    cudaarch_supported(<out-var> [COMPILER <nvcc>] [KIND REAL|VIRTUAL])

  ``<out-var>``
    Receives the architectures as CMake numbers, sorted by capability and suffix:
    ``75;80;…;90;90a;100;100a;100f;…``.
  ``COMPILER <nvcc>``
    The compiler to ask. Default: the project's CUDA compiler when the CUDA language is
    enabled with nvcc, else ``nvcc`` on ``PATH`` (or under ``$CUDA_HOME``/``$CUDA_PATH``).
  ``KIND REAL|VIRTUAL``
    ``REAL`` (default): the ``sm_`` targets; ``VIRTUAL``: the ``compute_`` targets.

  The plain architectures come from ``--list-gpu-code``/``--list-gpu-arch``, the ``a``
  and ``f`` variants (which those omit) from the values ``--help`` allows for
  ``--gpu-code``. An nvcc without ``--list-gpu-code`` (before CUDA 11.1) is answered from
  the database's release ranges. The answer is cached per compiler path and version; a
  second configure starts no nvcc.

  Example:

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
  _cudaarch_choice(kind cudaarch_supported KIND REAL REAL VIRTUAL)
  _cudaarch_toolkit(toolkit "${arg_COMPILER}")
  if(toolkit_ERROR)
    message(FATAL_ERROR "cudaarch_supported: ${toolkit_ERROR}")
  endif()
  set(${arg_OUT_VAR} "${toolkit_${kind}}" PARENT_SCOPE)
endfunction()
cmake_policy(POP)
