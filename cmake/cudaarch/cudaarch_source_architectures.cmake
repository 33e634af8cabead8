# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/detect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/intersect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/report.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/source_architectures.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/targets.cmake")

#[=======================================================================[.rst:
cudaarch_source_architectures
-----------------------------

.. versionadded:: 0.2

.. command:: cudaarch_source_architectures

  Builds some CUDA sources of a target for architectures of their own: a kernel family that
  needs ``9.0a`` in one file, beside files built for the target's whole list, as vLLM does per
  source file (:doc:`architectures per kernel </per-kernel>`). No object library is needed.

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_source_architectures(<target> SOURCES <src>...
                                 (<spec>... | SUPPORTED <spec>... | MINIMUM <cc>)
                                 [NO_PTX] [KEEP [SUFFIX <spec>...]]
                                 [EMBED SASS|PTX|SASS_PTX|HIGHEST_PTX] [WARN_UNSUPPORTED]
                                 [COMPILER <nvcc>])

Arguments
^^^^^^^^^

``<target>``
   an existing target with CUDA sources; not one with separable compilation, whose device
   link needs one list for every file
``SOURCES <src>...``
   CUDA sources of ``<target>``, as given to it (relative to the calling directory)
``<spec>...``
   the sources' architectures, any notation or keyword, resolved as by
   :command:`cudaarch_resolve`
``SUPPORTED <spec>...``, ``MINIMUM <cc>``
   instead: what the sources' kernels support; they get the part of the target's list (its
   own from :command:`cudaarch_target_architectures`, else the directory's resolved list)
   that they support, by :command:`cudaarch_intersect`'s rules
``NO_PTX``
   with ``SUPPORTED`` or ``MINIMUM``: the sources get no PTX image, as for
   :command:`cudaarch_intersect`
``KEEP``, ``SUFFIX <spec>...``, ``EMBED SASS|PTX|SASS_PTX|HIGHEST_PTX``, ``WARN_UNSUPPORTED``
   .. versionadded:: 0.3

   with ``SUPPORTED`` or ``MINIMUM``, as for :command:`cudaarch_intersect`, the target's
   list being the request
``COMPILER <nvcc>``
   as for :command:`cudaarch_resolve`

Results
^^^^^^^

- On the sources (in ``<target>`` only): the ``-gencode`` compile options and the
  ``CUDAARCH_BUILT_FOR`` definition of their list, which
  :doc:`\<cudaarch/runtime.hpp> </runtime>` reads in each file.
- On the target's other CUDA sources, the target's list the same way: those in its
  ``SOURCES``, the ``.cu`` files its generator expressions name as text
  (``$<$<CONFIG:Release>:gen.cu>``), and the ``INTERFACE_SOURCES`` of the targets it links
  (``target_sources(<lib> INTERFACE …)``), directly or through their
  ``INTERFACE_LINK_LIBRARIES``; again when the calling directory ends (CMake 3.19+), for
  those added later. A generator expression that names no file as text (its file known only
  when the build is generated) gets a report line, ``target _C: source '$<…>' is named only
  when the build is generated; CudaArch cannot give it 80-real: name the file itself, or give
  it a target of its own (cudaarch_target_architectures)``. ``$<TARGET_OBJECTS:…>`` are
  compiled by their own target, with its list.

  .. versionchanged:: 0.3
     Only the sources in ``SOURCES`` got the target's list; the others got no architecture
     flags at all (nvcc's default).
- On the target: ``CUDA_ARCHITECTURES`` ``OFF``; ``CUDAARCH_ARCHITECTURES`` its list as
  before (set to the directory's when it had none); ``CUDAARCH_SOURCE_ARCHITECTURES`` the
  per-source lists, ``<list with , for ;>=<source>`` entries.
- With ``VERIFY`` (:command:`cudaarch_set_architectures`), the linked file is checked module
  by module after each build: each named source one module of exactly its images (tied by
  its kernels), every other module of the target's objects exactly the target's list, and a
  linked library's module one that runs on each GPU of the target's list. A source given other images
  afterwards (a ``-gencode`` option of its own, the target's or ``CMAKE_CUDA_FLAGS``), or
  compiled inside another source, fails the build with the target, the source, the images
  expected and found, and the fix. :command:`cudaarch_add_verify_test` (CMake 3.18 too) compares the
  whole file with the target's and the sources' lists merged.
- One report line per call: ``-- CudaArch: target _C, sources scaled_mm_sm90.cu: 90a-real
  (SUPPORTED 9.0a)``; sources left with nothing are left out of the build
  (``HEADER_FILE_ONLY``) and named: ``… none of '80-real;86-real' (left out of the build)``.

Errors start with ``cudaarch_source_architectures:``: those of
:command:`cudaarch_target_architectures` about the target, ``missing SOURCES <src>...``,
``'<src>' is not a source of target <target>``, ``target <target> has separable
compilation …``, ``no list for target <target> …``, and those of
:command:`cudaarch_intersect` and :command:`cudaarch_resolve`.

How it works
^^^^^^^^^^^^

CMake has no per-source ``CUDA_ARCHITECTURES``, and compile options of a source add to the
target's architecture flags, they do not replace them. So the target's ``CUDA_ARCHITECTURES``
becomes ``OFF`` and every CUDA source of it gets its images as ``-gencode`` options of its
own (``--generate-code=…``, source ``COMPILE_OPTIONS`` that apply in this target only): the
named ones their list, the others the target's list (``CUDAARCH_ARCHITECTURES``). From CMake
3.19 the others are found when the target's directory ends, so sources and a later
:command:`cudaarch_target_architectures` call may come after; on CMake 3.18 call it last.
Each object file, and so each module of the linked file, then holds exactly its images.

Examples
^^^^^^^^

.. code-block:: cmake

   add_library(_C MODULE ops.cu scaled_mm_sm90.cu marlin.cu)
   cudaarch_source_architectures(_C SOURCES scaled_mm_sm90.cu SUPPORTED 9.0a)
   cudaarch_source_architectures(_C SOURCES marlin.cu MINIMUM 8.0)
   cudaarch_source_architectures(_C SOURCES probe.cu 9.0a 10.0a)

``examples/per_kernel`` builds it and checks each module with ``cuobjdump``.
#]=======================================================================]
function(cudaarch_source_architectures)
  _cudaarch_parse_arguments(cudaarch_source_architectures ${ARGC}
    usage "cudaarch_source_architectures(<target> SOURCES <src>... (<spec>... | SUPPORTED <spec>... | MINIMUM <cc>) \
[NO_PTX] [KEEP [SUFFIX <spec>...]] [EMBED SASS|PTX|SASS_PTX|HIGHEST_PTX] [WARN_UNSUPPORTED] [COMPILER <nvcc>])"
    leading TARGET options NO_PTX KEEP WARN_UNSUPPORTED one_value MINIMUM COMPILER EMBED
    multi_value SOURCES SUPPORTED SUFFIX required SOURCES)
  set(command cudaarch_source_architectures)
  set(target "${arg_TARGET}")
  _cudaarch_check_target(${command} "${target}")
  _cudaarch_kernel_shape(shape ${command} "${arg_NO_PTX}" "${arg_KEEP}" "${arg_EMBED}" "${arg_SUFFIX}"
    "${arg_WARN_UNSUPPORTED}")
  _cudaarch_detect_hooks(hooks "${_CUDAARCH_DETECT_PROBE_COMMAND}" "${_CUDAARCH_DETECT_PROC_ROOT}")
  # Keyword-less words after SOURCES are more sources; a <spec> comes from the SOURCES list
  # after the last source: the first word that names no file of the target.
  _cudaarch_split_sources(sources spec ${command} "${target}" "${arg_SOURCES}")
  _cudaarch_source_target_list(target_list ${command} "${target}" "${CUDAARCH_ARCHITECTURES_RESOLVED}")
  if(spec STREQUAL "")
    _cudaarch_kernel_architectures(list request left chosen ${command} "${arg_SUPPORTED}" "${arg_MINIMUM}"
      "${shape}" "" "${target_list}" "${arg_COMPILER}" "${hooks}")
    _cudaarch_supports_text(supports "${arg_SUPPORTED}" "${arg_MINIMUM}" "${shape}" "${chosen}")
    list(JOIN arg_SOURCES " " named)
    _cudaarch_warn_unsupported(${command} "target ${target}, sources ${named}" "${shape}" "${left}" "${supports}")
  elseif(NOT "${arg_SUPPORTED}${arg_MINIMUM}" STREQUAL "")
    _cudaarch_mutually_exclusive(both "<spec>..." SUPPORTED/MINIMUM)
    message(FATAL_ERROR "${command}: ${both} ('${spec}')")
  else()
    _cudaarch_shape_needs_support(${command} "${shape}")
    _cudaarch_resolve_impl(list warnings error "${spec}" COMMAND ${command} COMPILER "${arg_COMPILER}"
      DETECT_HOOKS "${hooks}")
    if(error)
      message(FATAL_ERROR "${command}: target ${target} '${spec}': ${error}")
    endif()
    foreach(warning IN LISTS warnings)
      _cudaarch_warn_once(${command} "${warning}")
    endforeach()
    set(supports "${spec}")
    set(left "")
  endif()
  _cudaarch_apply_source_list(${command} "${target}" "${sources}" "${list}" "${target_list}")
  set(names "")
  foreach(source IN LISTS sources)
    file(RELATIVE_PATH name "${CMAKE_CURRENT_SOURCE_DIR}" "${source}")
    list(APPEND names "${name}")
  endforeach()
  list(JOIN names " " names)
  if(list STREQUAL "")
    _cudaarch_report("target ${target}, sources ${names}: it supports ${supports}, none of '${target_list}' \
(left out of the build)")
  elseif(left STREQUAL "")
    _cudaarch_report("target ${target}, sources ${names}: ${list} (${supports})")
  else()
    _cudaarch_report("target ${target}, sources ${names}: ${list} (${supports}); not built for ${left} of the target's list")
  endif()
endfunction()
cmake_policy(POP)
