include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/notation.cmake")

#[=======================================================================[.rst:
.. command:: cudaarch_format

  Reads CUDA architectures written in any notation and writes them in the notation of
  one build system (docs/notation.md).

  .. code-block:: cmake

    cudaarch_format(<out-var> <format> <spec>...
                    [FROM <dialect>] [ERROR_VARIABLE <error-var>])

  ``<out-var>``
    Receives the list written in ``<format>``.
  ``<format>``
    ``CMAKE``, ``TORCH``, ``GENCODE``, ``TF``, ``OPENCV``, ``CLANG`` or ``READABLE``, in
    any case.
  ``<spec>...``
    Items in any notation (``7.5``, ``8.6+PTX``, ``8.6(7.5)``, ``75``, ``75-real``,
    ``sm_75``, ``compute_75``, nvcc flags, GPU names such as ``A100``), separated by
    arguments, ``;``, ``,`` or white space. None gives an empty list.
  ``FROM <dialect>``
    Reads bare tokens as ``CMAKE``, ``TORCH``, ``TF``, ``OPENCV`` or ``NVCC`` reads them
    (``TORCH`` takes ``75`` for ``7.5``). Default: the notation guide's meanings.
  ``ERROR_VARIABLE <error-var>``
    On an error, receives the message without the ``cudaarch_format:`` prefix, and
    ``<out-var>`` is set empty, instead of stopping. On success it is set empty.

  An error stops with ``message(FATAL_ERROR "cudaarch_format: ...")``. An entry the
  format cannot write exactly (``8.6(7.5)`` in ``CMAKE``, ``TORCH``, ``TF``, ``CLANG``)
  is written as its plain SASS with a ``message(WARNING "cudaarch_format: ...")``.

  Example:

  .. code-block:: cmake

    cudaarch_format(flags GENCODE "7.5 8.6+PTX")
    # -gencode=arch=compute_75,code=sm_75 -gencode=arch=compute_86,code=[sm_86,compute_86]
#]=======================================================================]
function(cudaarch_format)
  _cudaarch_parse_arguments(cudaarch_format ${ARGC}
    usage "cudaarch_format(<out-var> <format> <spec>... [FROM <dialect>] [ERROR_VARIABLE <error-var>])"
    leading OUT_VAR FORMAT one_value FROM ERROR_VARIABLE rest SPEC variables OUT_VAR ERROR_VARIABLE)
  _cudaarch_format_impl(result warnings error "${arg_FORMAT}" "${arg_FROM}" "${arg_SPEC}")
  _cudaarch_hand_back(cudaarch_format)
endfunction()
cmake_policy(POP)
