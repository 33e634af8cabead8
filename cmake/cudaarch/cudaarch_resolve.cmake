include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/resolve.cmake")

#[=======================================================================[.rst:
.. command:: cudaarch_resolve

  Expands keywords as the nvcc would and checks every architecture against what that
  nvcc can build; returns a ``CUDA_ARCHITECTURES`` value. The CLI twin is
  ``cudaarch resolve``; both pass ``tests/vectors/resolve.tsv``.

  .. code-block:: cmake

    cudaarch_resolve(<out-var> <spec>... [COMPILER <nvcc>] [POLICY ERROR|WARN|CLAMP]
                     [FROM <dialect>] [NATIVE_FALLBACK <spec>] [NATIVE_PTX]
                     [ERROR_VARIABLE <error-var>])

  ``<out-var>``
    Set to the merged, sorted list in CMake's notation (``75-real;86;90a-real``).
  ``<spec>...``
    Any notation of ``cudaarch_parse`` and the keywords ``all``, ``all-major``,
    ``newest``, the family names (``Ampere``, ``Blackwell``, ...) and ``native``, also as
    ``-arch=all-major``.
  ``COMPILER <nvcc>``
    The nvcc to ask. Default: the project's CUDA compiler when the CUDA language is
    enabled with nvcc, else ``nvcc`` on ``PATH`` (or under ``$CUDA_HOME``/``$CUDA_PATH``).
  ``POLICY ERROR|WARN|CLAMP``
    What to do with an architecture that nvcc cannot build: stop (``ERROR``, the
    default), leave it out with a warning (``WARN``), or for one newer than nvcc knows
    embed PTX of the highest older architecture of the same kind, with a warning
    (``CLAMP``; anything else is still an error).
  ``FROM <dialect>``
    The build system whose reading of a bare token applies, as for ``cudaarch_parse``.
  ``NATIVE_FALLBACK <spec>``
    What ``native`` means when ``cudaarch_detect`` finds no GPU: a spec to use instead
    (``all-major``), with one warning naming it and the reason, or ``ERROR`` to stop
    with the reason. Without it, no GPU is an error that suggests it and
    ``CUDAARCH_GPUS``.
  ``NATIVE_PTX``
    ``native`` also embeds PTX for the highest detected capability.
  ``ERROR_VARIABLE <error-var>``
    Makes an error return instead of stop: the message, less its ``cudaarch_resolve:``
    prefix, goes to ``<error-var>`` (empty on success) and ``<out-var>`` is emptied.

  Otherwise an error stops with ``message(FATAL_ERROR "cudaarch_resolve: ...")``; warnings
  are ``message(WARNING "cudaarch_resolve: ...")``. Keywords: ``all`` and ``all-major``
  give what ``nvcc -arch=all``/``-arch=all-major`` embed (SASS for every architecture, or
  for every ``X.0`` and the earliest; PTX for the highest ``X.0``), ``newest`` SASS and
  PTX of the highest, a family name SASS for each of its architectures nvcc builds, and
  ``native`` SASS for each GPU ``cudaarch_detect`` finds (``CUDAARCH_GPUS`` overrides
  it). Messages and more: ``docs/cmake/cudaarch_resolve.md``.

  Example:

  .. code-block:: cmake

    cudaarch_resolve(archs native NATIVE_FALLBACK all-major)
    set_target_properties(app PROPERTIES CUDA_ARCHITECTURES "${archs}")
#]=======================================================================]
function(cudaarch_resolve)
  _cudaarch_parse_arguments(cudaarch_resolve ${ARGC}
    usage "cudaarch_resolve(<out-var> <spec>... [COMPILER <nvcc>] [POLICY ERROR|WARN|CLAMP] \
[FROM <dialect>] [NATIVE_FALLBACK <spec>] [NATIVE_PTX] [ERROR_VARIABLE <error-var>])"
    leading OUT_VAR options NATIVE_PTX one_value COMPILER POLICY FROM NATIVE_FALLBACK ERROR_VARIABLE
    rest SPEC variables OUT_VAR ERROR_VARIABLE)
  set(native_ptx "")
  if(arg_NATIVE_PTX)
    set(native_ptx NATIVE_PTX)
  endif()
  _cudaarch_resolve_impl(result warnings error "${arg_SPEC}" COMPILER "${arg_COMPILER}" POLICY "${arg_POLICY}"
    FROM "${arg_FROM}" NATIVE_FALLBACK "${arg_NATIVE_FALLBACK}" ${native_ptx})
  _cudaarch_hand_back(cudaarch_resolve)
endfunction()
cmake_policy(POP)
