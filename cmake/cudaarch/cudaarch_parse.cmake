# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/notation.cmake")

#[=======================================================================[.rst:
cudaarch_parse
--------------

.. versionadded:: 0.1

.. command:: cudaarch_parse

  Reads CUDA architectures written in any notation — ``TORCH_CUDA_ARCH_LIST``, OpenCV's
  ``CUDA_ARCH_BIN``, nvcc flags, GPU names, CMake's own — and returns them as a
  ``CUDA_ARCHITECTURES`` value. It is :command:`cudaarch_format` with the format ``CMAKE``;
  the CLI twin is :doc:`cudaarch convert </cli/convert>`. The rules are those of the
  :doc:`notation guide </notation>`.

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_parse(<out-var> <spec>... [FROM <dialect>] [ERROR_VARIABLE <error-var>])

Arguments
^^^^^^^^^

``<out-var>``
   receives the result
``<spec>...``
   the items, in any :doc:`notation </notation>`, separated by arguments, ``;``, ``,`` or
   white space. No item (or only separators) gives an empty list
``FROM <dialect>``
   reads bare tokens as ``CMAKE``, ``TORCH``, ``TF``, ``OPENCV`` or ``NVCC`` reads them (any
   case); see :doc:`dialects </notation>`. Default: the guide's meanings (``7.5`` is SASS,
   ``75`` SASS and PTX)
``ERROR_VARIABLE <error-var>``
   on an error, ``<error-var>`` receives the message (without the ``cudaarch_parse:``
   prefix) and ``<out-var>`` is set to an empty string, instead of stopping; on success
   ``<error-var>`` is set to an empty string

Results
^^^^^^^

``<out-var>``
   receives the list in CMake's notation, merged and sorted by capability, then suffix:
   ``NN`` (SASS and PTX), ``NN-real`` (SASS), ``NN-virtual`` (PTX), e.g.
   ``75-real;86;90a-real``

Results are set only in the caller's scope (``<out-var>``, ``<error-var>``); the module sets
no other variable and leaves the caller's policies alone. It works in script mode
(``cmake -P``) and needs no CUDA language.

Items
^^^^^

Every argument may hold several items, and an item may span arguments where the notation
allows it: ``cudaarch_parse(out ${CMAKE_CUDA_ARCHITECTURES})``,
``cudaarch_parse(out "$ENV{TORCH_CUDA_ARCH_LIST}" FROM TORCH)`` and
``cudaarch_parse(out -gencode arch=compute_80,code=sm_80)`` all work. GPU names may take
several words (``Tesla T4``, ``GeForce RTX 3090``) but never cross a ``;`` or ``,``. An
argument that is ``FROM`` or ``ERROR_VARIABLE`` is the keyword, never an item.

Warnings
^^^^^^^^

CMake's notation cannot say which virtual architecture builds a SASS image. Such an entry
(``8.6(7.5)``, ``-gencode arch=compute_75,code=sm_86``) is written as its plain SASS, and a
warning says so:

::

   CMake Warning at …:
     cudaarch_parse: sm_86 built from compute_75 is written as 86-real in CMAKE format, which cannot say which virtual architecture builds it.

Use :command:`cudaarch_format` with ``GENCODE`` or ``OPENCV`` to keep the pairing.

``FROM TORCH`` reads more than PyTorch 2.11's ``cpp_extension`` accepts (``75``, ``sm_75``,
``,``, ``+ptx``, …); each such item draws a warning with PyTorch's spelling where it has one:

::

   CMake Warning at …:
     cudaarch_parse: '75' is not PyTorch's spelling: PyTorch 2.11 would reject it; write '7.5'.

Errors
^^^^^^

The first problem stops with ``message(FATAL_ERROR "cudaarch_parse: <message>")``, or, with
``ERROR_VARIABLE``, hands ``<message>`` back. The messages are those of the
:doc:`notation guide </notation>`, for example:

not a notation
   ``'sm_8.6' is not a CUDA architecture; did you mean '8.6' or 'sm_86'? Accepted: …``
capability that does not exist
   ``'sm_91' names compute capability 9.1, which does not exist; the nearest is 9.0.``
keyword
   ``'native' is a keyword, not an architecture; cudaarch_resolve and 'cudaarch resolve' expand it.``
impossible pairing
   ``'8.6(9.0)': compute_90 cannot build sm_86 (a virtual architecture builds only equal or newer real ones).``
unknown dialect
   ``unknown dialect 'X'; dialects: CMAKE, TORCH, TF, OPENCV, NVCC.``

Wrong calls always stop, also with ``ERROR_VARIABLE``:
``cudaarch_parse: missing <out-var>; usage: …``,
``cudaarch_parse: FROM needs a value; usage: …`` (an empty string is no value),
``cudaarch_parse: ERROR_VARIABLE must name one variable, not 'a;b'; usage: …``. A keyword
the function does not have is read as an item and refused as one
(``cudaarch_parse: 'FORMAT' is not a CUDA architecture. …``).

Examples
^^^^^^^^

.. code-block:: cmake

   include(CudaArch)   # or find_package(CudaArch)

   cudaarch_parse(archs "7.5 8.6+PTX" "Tesla T4")
   # archs: 75-real;86

   cudaarch_parse(archs "$ENV{TORCH_CUDA_ARCH_LIST}" FROM TORCH)
   set_target_properties(app PROPERTIES CUDA_ARCHITECTURES "${archs}")

   cudaarch_parse(archs "${USER_ARCHS}" ERROR_VARIABLE problem)
   if(problem)
     message(FATAL_ERROR "cudaarch_parse: USER_ARCHS: ${problem}")
   endif()
#]=======================================================================]
function(cudaarch_parse)
  _cudaarch_parse_arguments(cudaarch_parse ${ARGC}
    usage "cudaarch_parse(<out-var> <spec>... [FROM <dialect>] [ERROR_VARIABLE <error-var>])"
    leading OUT_VAR one_value FROM ERROR_VARIABLE rest SPEC variables OUT_VAR ERROR_VARIABLE)
  _cudaarch_format_impl(result warnings error CMAKE "${arg_FROM}" "${arg_SPEC}")
  _cudaarch_hand_back(cudaarch_parse "${warnings}" "${error}" "${arg_ERROR_VARIABLE}")
  if(NOT arg_ERROR_VARIABLE STREQUAL "")
    set(${arg_ERROR_VARIABLE} "${error}" PARENT_SCOPE)
  endif()
  set(${arg_OUT_VAR} "${result}" PARENT_SCOPE)
endfunction()
cmake_policy(POP)
