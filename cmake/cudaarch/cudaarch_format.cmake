# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/notation.cmake")

#[=======================================================================[.rst:
cudaarch_format
---------------

.. versionadded:: 0.1

.. command:: cudaarch_format

  Reads CUDA architectures written in any notation and writes them in the notation of one
  build system: CMake, PyTorch, nvcc flags, TensorFlow, OpenCV, clang, or plain names for
  people. The CLI twin is :doc:`cudaarch convert </cli/convert>`; both implement the
  :doc:`notation guide </notation>` and pass the same vectors
  (``tests/vectors/notation.tsv``).

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_format(<out-var> <format> <spec>... [FROM <dialect>] [ERROR_VARIABLE <error-var>])

Arguments
^^^^^^^^^

``<out-var>``
   receives the result
``<format>``
   one of the formats below, in any case
``<spec>...``
   the items, in any :doc:`notation </notation>`, separated by arguments, ``;``, ``,`` or
   white space. No item gives an empty list (``OPENCV``: ``CUDA_ARCH_BIN=;CUDA_ARCH_PTX=``)
``FROM <dialect>``
   reads bare tokens as ``CMAKE``, ``TORCH``, ``TF``, ``OPENCV`` or ``NVCC`` reads them (any
   case); see :doc:`dialects </notation>`. Default: the guide's meanings (``7.5`` is SASS,
   ``75`` SASS and PTX)
``ERROR_VARIABLE <error-var>``
   on an error, ``<error-var>`` receives the message (without the ``cudaarch_format:``
   prefix) and ``<out-var>`` is set to an empty string, instead of stopping; on success
   ``<error-var>`` is set to an empty string

Results
^^^^^^^

``<out-var>``
   receives the list written in ``<format>``

Results are set only in the caller's scope; the module leaves the caller's policies alone,
works in script mode (``cmake -P``) and needs no CUDA language.

Formats
^^^^^^^

Each format, what it writes, and what ``7.5 8.6+PTX`` becomes in it:

``CMAKE``
  ``CUDA_ARCHITECTURES``, ``;``-separated: ``NN``, ``NN-real``, ``NN-virtual``.
  ``75-real;86``

``TORCH``
  ``TORCH_CUDA_ARCH_LIST``, space-separated: ``M.m``, ``M.m+PTX``.
  ``7.5 8.6+PTX``

``GENCODE``
  One nvcc flag per entry, space-separated.
  ``-gencode=arch=compute_75,code=sm_75 -gencode=arch=compute_86,code=[sm_86,compute_86]``

``TF``
  ``TF_CUDA_COMPUTE_CAPABILITIES``, ``,``-separated.
  ``sm_75,sm_86,compute_86``

``OPENCV``
  ``CUDA_ARCH_BIN=…;CUDA_ARCH_PTX=…`` (a two-item CMake list).
  ``CUDA_ARCH_BIN=7.5 8.6;CUDA_ARCH_PTX=8.6``

``CLANG``
  clang's ``--offload-arch=`` and ``--no-cuda-include-ptx=`` flags.
  ``--offload-arch=sm_75 --no-cuda-include-ptx=sm_75 --offload-arch=sm_86``

``READABLE``
  ``sm_XY`` (or ``sm_XY(compute_V)``) and ``compute_XY``.
  ``sm_75 sm_86 compute_86``

The output is lower case (except ``+PTX`` and the OpenCV variable names), merged and sorted
by capability, then suffix (none, ``a``, ``f``).

Warnings
^^^^^^^^

``CMAKE``, ``TORCH``, ``TF`` and ``CLANG`` cannot say which virtual architecture builds a
SASS image. Such an entry is written as its plain SASS with one warning per entry, in list
order:

::

   CMake Warning at …:
     cudaarch_format: sm_86 built from compute_75 is written as 8.6 in TORCH format, which cannot say which virtual architecture builds it.

``GENCODE``, ``OPENCV`` and ``READABLE`` keep the pairing and do not warn.

``FROM TORCH`` warns first about what PyTorch 2.11 would reject in ``<spec>`` (``75``,
``,``, ``+ptx``, …), naming PyTorch's spelling where it has one, as
:command:`cudaarch_parse` does.

Errors
^^^^^^

The first problem stops with ``message(FATAL_ERROR "cudaarch_format: <message>")``, or, with
``ERROR_VARIABLE``, hands ``<message>`` back (and no warnings are issued: nothing was
written). Besides the parsing errors of the :doc:`notation guide </notation>`:

unknown format
   ``unknown format 'X'; formats: CMAKE, TORCH, GENCODE, TF, OPENCV, CLANG, READABLE.``
unknown dialect
   ``unknown dialect 'X'; dialects: CMAKE, TORCH, TF, OPENCV, NVCC.``
PTX-only entry in ``TORCH``, ``TF`` or ``CLANG``
   ``compute_90 cannot be written in TORCH format, which has no PTX-only entry; add sm_90 to the list or use another format.``

Wrong calls always stop, also with ``ERROR_VARIABLE``:
``cudaarch_format: missing <out-var>; usage: …``,
``cudaarch_format: missing <format>; usage: …``,
``cudaarch_format: FROM needs a value; usage: …``,
``cudaarch_format: ERROR_VARIABLE needs a value; usage: …``. A keyword the function does not
have is read as an item and refused as one.

Examples
^^^^^^^^

.. code-block:: cmake

   include(CudaArch)   # or find_package(CudaArch)

   # Hand a CMake architecture list to a PyTorch extension build.
   cudaarch_format(torch_list TORCH "${CMAKE_CUDA_ARCHITECTURES}")
   set(ENV{TORCH_CUDA_ARCH_LIST} "${torch_list}")

   # nvcc flags for a custom command, keeping "8.6 built from 7.5".
   cudaarch_format(flags GENCODE "7.5;8.6(7.5)")
   separate_arguments(flags UNIX_COMMAND "${flags}")
   # -gencode=arch=compute_75,code=sm_75;-gencode=arch=compute_75,code=sm_86

   # Read a Makefile's flags, write OpenCV's two variables.
   cudaarch_format(opencv OPENCV -gencode arch=compute_80,code=[sm_80,compute_80] FROM NVCC)
   # opencv: CUDA_ARCH_BIN=8.0;CUDA_ARCH_PTX=8.0
#]=======================================================================]
function(cudaarch_format)
  _cudaarch_parse_arguments(cudaarch_format ${ARGC}
    usage "cudaarch_format(<out-var> <format> <spec>... [FROM <dialect>] [ERROR_VARIABLE <error-var>])"
    leading OUT_VAR FORMAT one_value FROM ERROR_VARIABLE rest SPEC variables OUT_VAR ERROR_VARIABLE)
  _cudaarch_format_impl(result warnings error "${arg_FORMAT}" "${arg_FROM}" "${arg_SPEC}")
  _cudaarch_hand_back(cudaarch_format "${warnings}" "${error}" "${arg_ERROR_VARIABLE}")
  if(NOT arg_ERROR_VARIABLE STREQUAL "")
    set(${arg_ERROR_VARIABLE} "${error}" PARENT_SCOPE)
  endif()
  set(${arg_OUT_VAR} "${result}" PARENT_SCOPE)
endfunction()
cmake_policy(POP)
