include_guard(GLOBAL)
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
  if(ARGC LESS 1 OR ARGV0 STREQUAL "")
    message(FATAL_ERROR "cudaarch_resolve: missing <out-var>.")
  endif()
  set(_cudaarch_values COMPILER POLICY FROM NATIVE_FALLBACK ERROR_VARIABLE)
  cmake_parse_arguments(PARSE_ARGV 1 _cudaarch "NATIVE_PTX" "${_cudaarch_values}" "")
  set(_cudaarch_out "${ARGV0}")
  _cudaarch_spec_arguments(cudaarch_resolve 1 ${ARGC} "${_cudaarch_values}" NATIVE_PTX)
  set(_cudaarch_native_ptx "")
  if(_cudaarch_NATIVE_PTX)
    set(_cudaarch_native_ptx NATIVE_PTX)
  endif()
  _cudaarch_resolve_impl(_cudaarch_result _cudaarch_warnings _cudaarch_error "${_cudaarch_spec}"
    COMPILER "${_cudaarch_COMPILER}" POLICY "${_cudaarch_POLICY}" FROM "${_cudaarch_FROM}"
    NATIVE_FALLBACK "${_cudaarch_NATIVE_FALLBACK}" ${_cudaarch_native_ptx})
  _cudaarch_public_result(cudaarch_resolve)
endfunction()
