include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/notation.cmake")

#[=======================================================================[.rst:
.. command:: cudaarch_parse

  Reads CUDA architectures written in any notation and returns them as a
  ``CUDA_ARCHITECTURES`` value: ``cudaarch_format`` with the format ``CMAKE``.

  .. code-block:: cmake

    cudaarch_parse(<out-var> <spec>... [FROM <dialect>] [ERROR_VARIABLE <error-var>])

  ``<out-var>``
    Set to the merged, sorted list in CMake's notation: ``NN`` for SASS and PTX,
    ``NN-real`` for SASS, ``NN-virtual`` for PTX.
  ``<spec>...``
    What to read: ``7.5``, ``8.6+PTX``, ``8.6(7.5)``, ``75``, ``sm_75``, ``compute_75``,
    ``-gencode ...``, ``A100`` and the rest of docs/notation.md, any number per
    argument. Empty reads as an empty list.
  ``FROM <dialect>``
    The build system whose reading of a bare token applies: ``CMAKE``, ``TORCH``,
    ``TF``, ``OPENCV`` or ``NVCC`` (``FROM TORCH`` reads ``75`` as ``7.5``).
  ``ERROR_VARIABLE <error-var>``
    Makes an error return instead of stop: the message, less its ``cudaarch_parse:``
    prefix, goes to ``<error-var>`` (empty on success) and ``<out-var>`` is emptied.

  Otherwise an error stops with ``message(FATAL_ERROR "cudaarch_parse: ...")``. A SASS
  image built from another virtual architecture (``8.6(7.5)``), which CMake cannot
  express, becomes its plain SASS and a ``message(WARNING "cudaarch_parse: ...")``.

  Example:

  .. code-block:: cmake

    cudaarch_parse(archs "$ENV{TORCH_CUDA_ARCH_LIST}" FROM TORCH)
    set_target_properties(app PROPERTIES CUDA_ARCHITECTURES "${archs}")
#]=======================================================================]
function(cudaarch_parse)
  _cudaarch_parse_arguments(cudaarch_parse ${ARGC}
    usage "cudaarch_parse(<out-var> <spec>... [FROM <dialect>] [ERROR_VARIABLE <error-var>])"
    leading OUT_VAR one_value FROM ERROR_VARIABLE rest SPEC variables OUT_VAR ERROR_VARIABLE)
  _cudaarch_format_impl(result warnings error CMAKE "${arg_FROM}" "${arg_SPEC}")
  _cudaarch_hand_back(cudaarch_parse)
endfunction()
cmake_policy(POP)
