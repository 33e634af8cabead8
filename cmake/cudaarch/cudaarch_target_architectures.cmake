# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/detect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/apply.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/intersect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/own_list.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/report.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/targets.cmake")

#[=======================================================================[.rst:
cudaarch_target_architectures
-----------------------------

.. versionadded:: 0.1

.. command:: cudaarch_target_architectures

  Sets one target's CUDA architectures: from any notation, resolved and validated against the
  installed nvcc like :command:`cudaarch_set_architectures`; or, for a kernel that supports
  only some architectures, the part of the directory's request it supports
  (:doc:`architectures per kernel </per-kernel>`).

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_target_architectures(<target> <spec>... [POLICY ERROR|WARN|CLAMP] [FROM <dialect>]
                                 [NATIVE_FALLBACK <spec>|ERROR] [NATIVE_PTX] [COMPILER <nvcc>])
   cudaarch_target_architectures(<target> (SUPPORTED <spec>... | MINIMUM <cc>) [NO_PTX]
                                 [KEEP [SUFFIX <spec>...]] [EMBED SASS|PTX|SASS_PTX|HIGHEST_PTX]
                                 [WARN_UNSUPPORTED] [IF_NONE EXCLUDE|ERROR] [COMPILER <nvcc>])

Arguments
^^^^^^^^^

``<target>``
   an existing target with CUDA sources
``<spec>...``
   any notation or keyword: ``9.0a``, ``sm_90a``, ``80;86+PTX``, ``Hopper``, ``H100``
``POLICY``, ``FROM``, ``NATIVE_FALLBACK``, ``NATIVE_PTX``, ``COMPILER``
   as for :command:`cudaarch_resolve`; the first four only with ``<spec>``
``SUPPORTED <spec>...``, ``MINIMUM <cc>``
   .. versionadded:: 0.2

   instead of ``<spec>``: what the target's kernels support, as for
   :command:`cudaarch_intersect`. The target gets the directory's resolved list
   (``CUDAARCH_ARCHITECTURES_RESOLVED``, from :command:`cudaarch_set_architectures`)
   intersected with it. This is the project's own choice, so it never warns: what the
   target is not built for is said in its report line, and which alternative of an
   ``A|B`` entry this nvcc builds
``NO_PTX``
   with ``SUPPORTED`` or ``MINIMUM``: the target gets no PTX image, as for
   :command:`cudaarch_intersect`
``KEEP``, ``SUFFIX <spec>...``, ``EMBED SASS|PTX|SASS_PTX|HIGHEST_PTX``, ``WARN_UNSUPPORTED``
   .. versionadded:: 0.3

   with ``SUPPORTED`` or ``MINIMUM``, as for :command:`cudaarch_intersect`: the request's
   images as the user spelled them, a suffix for named capabilities, the kinds of the list,
   and a warning for what the target leaves out (``cudaarch_target_architectures: target k:
   left out 75-real;120-real of the request, which SUPPORTED 8.0 9.0a KEEP does not take``)
``IF_NONE EXCLUDE|ERROR``
   .. versionadded:: 0.2

   when the target supports none of the request: ``EXCLUDE`` leaves it out of the build
   (``EXCLUDE_FROM_ALL``) and names it in the report with the reason; ``ERROR`` (the
   default) stops, naming the target, the request and what it supports

Results
^^^^^^^

On the target:

- ``CUDA_ARCHITECTURES``: the list; or, where CMake alone would reject or mis-build
  a suffix (:doc:`CMake versions </cmake-versions>`), ``OFF`` plus the same images as
  private ``-gencode`` compile options for CUDA sources and device-link options
  (``$<DEVICE_LINK:…>``) for separable compilation.
- ``CUDAARCH_ARCHITECTURES``: the list, which :command:`cudaarch_add_verify_test` and
  ``VERIFY`` check the built file against; empty for a target ``IF_NONE EXCLUDE`` left
  out, so that the project can branch on it.
- The private compile definition ``CUDAARCH_BUILT_FOR`` for
  :doc:`\<cudaarch/runtime.hpp> </runtime>`.
- One list per target: a ``CUDA_ARCHITECTURES`` the project sets itself, before the call
  or after it, wins alone. The call's flags and definition come off, and
  ``CUDAARCH_ARCHITECTURES``, ``CUDAARCH_BUILT_FOR``, ``VERIFY`` and
  :command:`cudaarch_add_verify_test` describe the project's list; one notice line says so:
  ``cudaarch_target_architectures: target b: its own CUDA_ARCHITECTURES '80-real', set after
  the call, overrides '90a-real': CUDAARCH_ARCHITECTURES, CUDAARCH_BUILT_FOR and VERIFY use
  '80-real'``. A value set after the call is seen when the directory ends (CMake 3.19+;
  CMake 3.18 sees only one set before). A second call replaces the first's items.

  .. versionadded:: 0.3
- One report line: ``-- CudaArch: target hopper_only: 90a-real``;
  ``-- CudaArch: target scaled_mm: 90a-real;100a-real (SUPPORTED 9.0a 10.0a); not built for
  80-real;120 of the request``;
  ``-- CudaArch: target fp4: left out of the build (EXCLUDE_FROM_ALL): it supports SUPPORTED
  10.0a, none of '80-real;90-real'``.

Errors start with ``cudaarch_target_architectures:``: ``'<name>' is not a target``,
``'<name>' is an ALIAS of '<target>'; name '<target>' itself, …``,
``'<name>' is an IMPORTED target, …``, ``'<name>' is an INTERFACE library, …``,
``'<name>' is a custom target, …`` (all before anything is set),
``missing <spec>, SUPPORTED <spec>... or MINIMUM <cc>; usage: …``,
``<KEYWORD> needs a value; usage: …``, ``… names no architecture; …``, resolution errors
prefixed with ``target <name> '<spec>':``;
``give <spec>... or SUPPORTED/MINIMUM, not both (…)``,
``IF_NONE applies to SUPPORTED or MINIMUM, not to a <spec>``,
``target <name> supports SUPPORTED 10.0a, none of the request '80-real;90-real'; widen the
request (-DCUDAARCH_ARCHITECTURES=…) or pass IF_NONE EXCLUDE …``, and those of
:command:`cudaarch_intersect`.

Examples
^^^^^^^^

.. code-block:: cmake

   add_library(hopper_only hopper.cu)
   cudaarch_target_architectures(hopper_only "9.0a")          # 90a-real: only sm_90a
   add_library(blackwell_family blackwell.cu)
   cudaarch_target_architectures(blackwell_family sm_100f)    # 100f-real (as -gencode where CMake cannot)

   # Kernel families, each built for its part of the user's request:
   add_library(scaled_mm_sm90 scaled_mm_sm90.cu)
   cudaarch_target_architectures(scaled_mm_sm90 SUPPORTED 9.0a IF_NONE EXCLUDE)
   get_target_property(archs scaled_mm_sm90 CUDAARCH_ARCHITECTURES)
   if(archs)
     target_compile_definitions(ops PRIVATE HAVE_SCALED_MM_SM90)
   endif()
   add_library(sample sample.cu)
   cudaarch_target_architectures(sample MINIMUM 8.0)          # needs 8.0 or newer

``examples/suffixes`` builds the first two and checks each library holds exactly that one
image; ``examples/per_kernel`` the others.
#]=======================================================================]
function(cudaarch_target_architectures)
  set(usage "cudaarch_target_architectures(<target> (<spec>... | SUPPORTED <spec>... | MINIMUM <cc>) \
[NO_PTX] [KEEP [SUFFIX <spec>...]] [EMBED SASS|PTX|SASS_PTX|HIGHEST_PTX] [WARN_UNSUPPORTED] [IF_NONE EXCLUDE|ERROR] \
[POLICY ERROR|WARN|CLAMP] [FROM <dialect>] [NATIVE_FALLBACK <spec>|ERROR] [NATIVE_PTX] [COMPILER <nvcc>])")
  _cudaarch_parse_arguments(cudaarch_target_architectures ${ARGC} usage "${usage}"
    leading TARGET options NATIVE_PTX NO_PTX KEEP WARN_UNSUPPORTED
    one_value POLICY FROM NATIVE_FALLBACK COMPILER MINIMUM IF_NONE EMBED
    multi_value SUPPORTED SUFFIX rest SPEC)
  set(target "${arg_TARGET}")
  _cudaarch_check_target(cudaarch_target_architectures "${target}")
  _cudaarch_kernel_shape(shape cudaarch_target_architectures "${arg_NO_PTX}" "${arg_KEEP}" "${arg_EMBED}"
    "${arg_SUFFIX}" "${arg_WARN_UNSUPPORTED}")
  if(NOT arg_SUPPORTED STREQUAL "" OR NOT arg_MINIMUM STREQUAL "")
    if(NOT arg_SPEC STREQUAL "")
      _cudaarch_mutually_exclusive(both "<spec>..." SUPPORTED/MINIMUM)
      message(FATAL_ERROR "cudaarch_target_architectures: ${both} ('${arg_SPEC}')")
    elseif(arg_NATIVE_PTX OR NOT "${arg_POLICY}${arg_FROM}${arg_NATIVE_FALLBACK}" STREQUAL "")
      message(FATAL_ERROR "cudaarch_target_architectures: POLICY, FROM, NATIVE_FALLBACK and NATIVE_PTX apply to a \
<spec>, not to SUPPORTED or MINIMUM")
    endif()
    _cudaarch_choice(if_none cudaarch_target_architectures IF_NONE "${arg_IF_NONE}" ERROR EXCLUDE ERROR)
    _cudaarch_target_kernel(list model report cudaarch_target_architectures "${target}" "${arg_SUPPORTED}"
      "${arg_MINIMUM}" "${shape}" "${if_none}" "${CUDAARCH_ARCHITECTURES_RESOLVED}" "${arg_COMPILER}")
  elseif(arg_SPEC STREQUAL "")
    message(FATAL_ERROR "cudaarch_target_architectures: missing <spec>, SUPPORTED <spec>... or MINIMUM <cc>; usage: ${usage}")
  elseif(NOT arg_IF_NONE STREQUAL "")
    message(FATAL_ERROR "cudaarch_target_architectures: IF_NONE applies to SUPPORTED or MINIMUM, not to a <spec>")
  else()
    _cudaarch_shape_needs_support(cudaarch_target_architectures "${shape}")
    _cudaarch_detect_hooks(hooks "${_CUDAARCH_DETECT_PROBE_COMMAND}" "${_CUDAARCH_DETECT_PROC_ROOT}")
    _cudaarch_apply_resolve(list model cudaarch_target_architectures "target ${target}" "${arg_SPEC}"
      "${arg_COMPILER}" "${arg_POLICY}" "${arg_FROM}" "${arg_NATIVE_FALLBACK}" "${arg_NATIVE_PTX}" "${hooks}")
    set(report "target ${target}: ${list}")
  endif()
  set_property(TARGET "${target}" PROPERTY CUDAARCH_ARCHITECTURES "${list}")
  if(list STREQUAL "")
    _cudaarch_report("${report}")
    return()
  endif()
  _cudaarch_own_list_of_project(own "${target}")
  if(NOT own STREQUAL "")
    _cudaarch_own_list_keep(cudaarch_target_architectures "${target}" "${own}" "${list}" before)
    return()
  endif()
  _cudaarch_own_list_apply(polyfilled "${target}" "${list}" "${model}")
  if(polyfilled)
    _cudaarch_report("${report} (as -gencode flags: CMake ${CMAKE_VERSION} cannot write it)")
  else()
    _cudaarch_report("${report}")
  endif()
  _cudaarch_own_list_later("${target}")
endfunction()

cmake_policy(POP)
