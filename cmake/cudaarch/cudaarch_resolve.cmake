# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/detect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/resolve.cmake")

#[=======================================================================[.rst:
cudaarch_resolve
----------------

.. versionadded:: 0.1

.. command:: cudaarch_resolve

  Expands keywords as the nvcc would and checks every architecture against what that nvcc can
  build, then returns the list as a ``CUDA_ARCHITECTURES`` value. The CLI twin is
  :doc:`cudaarch resolve </cli/resolve>`; both pass ``tests/vectors/resolve.tsv``.

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_resolve(<out-var> <spec>... [COMPILER <nvcc>] [POLICY ERROR|WARN|CLAMP]
                    [FROM <dialect>] [NATIVE_FALLBACK <spec>] [NATIVE_PTX]
                    [ERROR_VARIABLE <error-var>])

Arguments
^^^^^^^^^

``<out-var>``
   receives the result
``<spec>...``
   every :doc:`notation </notation>` ``cudaarch_parse`` reads, plus the keywords below; any
   number per argument
``COMPILER <nvcc>``
   the nvcc to ask. Default: the project's CUDA compiler when the CUDA language is enabled
   with nvcc, else as the data file's ``nvcc`` rows say, in the order of CMake's FindCUDAToolkit
   (:doc:`where the tools look </database>`); a source that is set decides, even when its nvcc is
   missing. What it builds comes from :command:`cudaarch_supported`'s cache
``POLICY``
   what to do with an architecture this nvcc cannot build (below); default ``ERROR``
``FROM <dialect>``
   how a bare token reads: ``CMAKE``, ``TORCH``, ``TF``, ``OPENCV``, ``NVCC``, as for
   ``cudaarch_parse``
``NATIVE_FALLBACK <spec>``
   what ``native`` builds when no GPU is detected: any spec (``all-major``, ``75;86``) or
   ``ERROR`` (below)
``NATIVE_PTX``
   ``native`` also embeds PTX of the highest detected capability
``ERROR_VARIABLE <error-var>``
   an error returns instead of stopping: ``<error-var>`` receives the message without the
   ``cudaarch_resolve:`` prefix (empty on success) and ``<out-var>`` is emptied

Results
^^^^^^^

``<out-var>``
   receives the merged, sorted list in CMake's notation: ``NN`` (SASS and PTX), ``NN-real``,
   ``NN-virtual`` — ``75-real;80-real;90-real;100-real;110-real;120``

Works in script mode (``cmake -P``) and without the CUDA language; needs CMake 3.18.

Keywords
^^^^^^^^

Case-insensitive, also as the value of ``-arch`` (``-arch=all-major``; then no ``-code`` may
follow). With nvcc 13.0:

``all``
   what ``nvcc -arch=all`` embeds: SASS for every architecture nvcc lists, PTX only for the
   highest ``X.0`` (``75-real;80-real;86-real;…;120;121-real``)
``all-major``
   what ``nvcc -arch=all-major`` embeds: SASS for the earliest and every ``X.0``, PTX for
   the highest ``X.0`` (``75-real;80-real;90-real;100-real;110-real;120``)
``newest``
   SASS and PTX of the highest architecture (``121``)
``Kepler`` … ``Turing``, ``Ampere``, ``Ada``, ``Hopper``, ``Blackwell``, ``Rubin``
   SASS for each architecture of the family this nvcc builds (``Blackwell``:
   ``100-real;103-real;110-real;120-real;121-real``)
``native``
   SASS for each GPU of this machine (below)

A family this nvcc builds none of is an error:
``'Kepler': nvcc 13.0 (/usr/local/cuda/bin/nvcc) builds no Kepler architecture; CUDA 4.2 to 11.8 built them.``
(``…; CUDA 13.4 and later build them.`` for a family newer than the nvcc).

Validation and policies
^^^^^^^^^^^^^^^^^^^^^^^

Every SASS entry must be one nvcc builds (``--list-gpu-code``, and for ``a``/``f`` variants
the values ``--help`` allows for ``--gpu-code``), every PTX entry and every "built from"
virtual architecture one it compiles (``--list-gpu-arch``); an nvcc without those options is
answered from the :doc:`database </toolkit-support>`. Messages name the entry as written (a
GPU name as the database spells it, a keyword as given), the nvcc, which CUDA releases build
it, the fix, and everything this nvcc builds:

- ``ERROR`` (default) stops at the first such entry:
  ``cudaarch_resolve: '5.2' is not supported by nvcc 13.0 (/usr/local/cuda/bin/nvcc): CUDA 6.5 to 12.9 support 5.2, and CUDA 13.0 dropped 5.0 to 7.2. Use CUDA 12.9 or earlier, or remove it (the oldest this nvcc builds is 7.5). nvcc 13.0 builds 75 80 86 … 121f.``
  Other reasons:
  ``…: CUDA 12.8 to 12.9 support 10.1, and CUDA 13.0 renamed it 11.0. Use 11.0 (110) instead.``,
  ``…: CUDA 13.4 and later support 10.7. Use CUDA 13.4 or later, or POLICY CLAMP to embed PTX of 10.3 that the driver compiles for it at run time.``,
  ``'100f' is not supported by nvcc 12.8 (…): CUDA 12.9 and later support 10.0f. Use CUDA 12.9 or later, or 10.0 without the suffix.``
- ``WARN`` leaves the entry out with a warning: the same message plus ``It is left out.``
- ``CLAMP`` turns an architecture newer than nvcc knows into PTX of the highest older one of
  the same Tegra/desktop kind, which the driver JIT-compiles for the GPU, with a warning:
  ``cudaarch_resolve: '10.7' is newer than nvcc 13.0 (/usr/local/cuda/bin/nvcc) can build: using compute_103, PTX that the driver compiles for it at run time.``
  Anything else it cannot build is still an error.

Warnings are ``message(WARNING "cudaarch_resolve: …")``, in this order: ``native``'s
fallback, the policy's, then the lossy-format ones of ``cudaarch_parse`` (an ``8.6(7.5)``
pairing is written as ``86-real``, which cannot say which virtual architecture builds it).
On an error no warning is printed.

``native``
^^^^^^^^^^

``native`` asks :command:`cudaarch_detect` (its status line is printed; the
``CUDAARCH_GPUS`` override and its cache apply) and gives SASS for each detected capability;
``NATIVE_PTX`` adds PTX for the highest (``86-real;90``).

A detected GPU is checked like any entry and named in the messages with its first device of
that capability: ``'native' (GPU 1: NVIDIA GeForce GTX 1080, 6.1)`` (or
``'native' (compute capability 6.1)`` when the source lists no devices: ``CUDAARCH_GPUS``,
``__nvcc_device_query``). So a GPU this nvcc cannot target stops, under ``POLICY ERROR``,
with:

::

   cudaarch_resolve: 'native' (GPU 1: NVIDIA GeForce GTX 1080, 6.1) is not supported by nvcc 13.0 (/usr/local/cuda/bin/nvcc): CUDA 8.0 to 12.9 support 6.1, and CUDA 13.0 dropped 5.0 to 7.2. Use CUDA 12.9 or earlier, or remove it (the oldest this nvcc builds is 7.5). nvcc 13.0 builds 75 80 86 … 121f.

Without a GPU it never falls back silently:

not given
   error:
   ``'native': no GPU detected: <reason>. Set CUDAARCH_GPUS to the GPUs to build for, or give NATIVE_FALLBACK what to build instead (such as all-major).``
``ERROR``
   error: ``'native': no GPU detected: <reason>.``
a spec, e.g. ``all-major``
   the spec is resolved in its place (same ``FROM``, ``POLICY`` and checks), with one
   warning:
   ``'native': no GPU detected: <reason>. Using NATIVE_FALLBACK 'all-major' instead.``

``<reason>`` is ``cudaarch_detect``'s ``REASON`` (e.g.
``the NVIDIA driver found no CUDA device``). A fallback spec that does not parse is an error
prefixed ``NATIVE_FALLBACK:``; one that contains ``native`` is
``NATIVE_FALLBACK: 'native' cannot stand in for itself; name what to build without a GPU, such as all-major.``

Errors
^^^^^^

Besides the notation errors of :doc:`docs/notation.md </notation>` and the messages above
(all prefixed ``cudaarch_resolve:``, or without the prefix in ``ERROR_VARIABLE``):

no ``<out-var>``
   ``cudaarch_resolve: missing <out-var>; usage: …`` (always fatal)
a keyword without its value, or with an empty one
   ``cudaarch_resolve: POLICY needs a value; usage: …`` (always fatal)
unknown policy
   ``unknown policy 'lenient'; policies: ERROR, WARN, CLAMP.``
unknown dialect
   ``unknown dialect 'bazel'; dialects: CMAKE, TORCH, TF, OPENCV, NVCC.``
no nvcc
   ``no nvcc found: enable the CUDA language, put nvcc on PATH, or pass COMPILER <nvcc>``
nvcc does not run
   ``cannot ask <nvcc> for its version ('<nvcc> --version' failed or printed no 'release X.Y')``

An argument that is no keyword of this function is read as part of the spec, and refused as
an architecture if it is none (``'FORMAT' is not a CUDA architecture. …``).

Examples
^^^^^^^^

.. code-block:: cmake

   list(APPEND CMAKE_MODULE_PATH "/path/to/cudaarch/cmake")
   include(CudaArch)

   # This machine's GPUs; on a build machine without one, every major architecture.
   cudaarch_resolve(archs native NATIVE_FALLBACK all-major)
   set_target_properties(app PROPERTIES CUDA_ARCHITECTURES "${archs}")

   # A list written for PyTorch, checked against this nvcc, unsupported entries left out.
   cudaarch_resolve(torch_archs "$ENV{TORCH_CUDA_ARCH_LIST}" FROM TORCH POLICY WARN)
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
  _cudaarch_detect_hooks(hooks "${_CUDAARCH_DETECT_PROBE_COMMAND}" "${_CUDAARCH_DETECT_PROC_ROOT}")
  _cudaarch_resolve_impl(result warnings error "${arg_SPEC}" COMMAND cudaarch_resolve COMPILER "${arg_COMPILER}"
    POLICY "${arg_POLICY}"
    FROM "${arg_FROM}" NATIVE_FALLBACK "${arg_NATIVE_FALLBACK}" ${native_ptx} DETECT_HOOKS "${hooks}")
  _cudaarch_hand_back(cudaarch_resolve "${warnings}" "${error}" "${arg_ERROR_VARIABLE}")
  if(NOT arg_ERROR_VARIABLE STREQUAL "")
    set(${arg_ERROR_VARIABLE} "${error}" PARENT_SCOPE)
  endif()
  set(${arg_OUT_VAR} "${result}" PARENT_SCOPE)
endfunction()
cmake_policy(POP)
