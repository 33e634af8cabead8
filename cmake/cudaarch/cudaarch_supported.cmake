include_guard(GLOBAL)
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
function(cudaarch_supported out_var)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "COMPILER;KIND" "")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cudaarch_supported: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_KIND OR arg_KIND STREQUAL "REAL")
    set(kind REAL)
  elseif(arg_KIND STREQUAL "VIRTUAL")
    set(kind VIRTUAL)
  else()
    message(FATAL_ERROR "cudaarch_supported: KIND must be REAL or VIRTUAL, not '${arg_KIND}'")
  endif()
  _cudaarch_toolkit(toolkit "${arg_COMPILER}")
  if(toolkit_ERROR)
    message(FATAL_ERROR "cudaarch_supported: ${toolkit_ERROR}")
  endif()
  set(${out_var} "${toolkit_${kind}}" PARENT_SCOPE)
endfunction()
