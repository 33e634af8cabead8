# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/detect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/intersect.cmake")

#[=======================================================================[.rst:
cudaarch_intersect
------------------

.. versionadded:: 0.2

.. command:: cudaarch_intersect

  The part of a build request that one kernel supports: for each image of the request, the
  image of the kernel's supported list that the CUDA loader would run in its place
  (:doc:`architectures per kernel </per-kernel>`). The CLI twin is
  :doc:`cudaarch resolve --supported </cli/resolve>`; both pass ``tests/vectors/intersect.tsv``.

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_intersect(<out-var> (SUPPORTED <spec>... | MINIMUM <cc>) [NO_PTX]
                      [KEEP [SUFFIX <spec>...]] [EMBED SASS|PTX|SASS_PTX|HIGHEST_PTX]
                      [WARN_UNSUPPORTED] [REQUEST <spec>...] [COMPILER <nvcc>])

Arguments
^^^^^^^^^

``<out-var>``
   receives the result
``SUPPORTED <spec>...``
   the architectures the kernel has code for, any :doc:`notation </notation>` without
   keywords (``8.0 9.0a``, ``sm_100a``, ``H100``). A plain entry written with PTX
   (``8.0+PTX``, ``compute_80``, ``80``) also says "my PTX serves every newer GPU": a GPU of
   the request that no SASS of the list fits gets that PTX (the newest such entry not above
   it). An entry ``A|B|…`` (``10.0f|10.0a``) stands for its first alternative that the nvcc
   builds, and for nothing when it builds none
``MINIMUM <cc>``
   instead: the kernel runs on every plain capability from ``<cc>`` on (``8.0``) that the
   nvcc builds
``NO_PTX``
   the kernel gets no PTX image: neither the request's PTX mapped onto it nor its own
``KEEP``
   .. versionadded:: 0.3

   the request's images as the user spelled them, never re-spelled (``90a`` stays ``90a``,
   ``100f`` stays ``100f``, a plain ``90`` stays plain), with the kinds the request gave
   them: each image whose capability the list names (a plain entry takes it in any spelling,
   an ``a`` or ``f`` entry only spelled as itself), or with ``MINIMUM`` each image from
   ``<cc>`` on. No loader rules: ``SUPPORTED 8.0 KEEP`` does not take ``86``
``SUFFIX <spec>...``
   .. versionadded:: 0.3

   with ``KEEP``: capabilities written with the suffix to add (``12.0a 12.1a``); a plain image
   of the request at one of them is spelled with it (``120-real`` becomes ``120a-real``) where
   the nvcc builds that, so that the list may take it. The user's own ``a``/``f`` images
   stay as they are
``EMBED SASS|PTX|SASS_PTX|HIGHEST_PTX``
   .. versionadded:: 0.3

   the kinds of every chosen capability: SASS only, PTX only, both, or SASS with PTX for the
   highest one only. Not with ``NO_PTX``
``WARN_UNSUPPORTED``
   .. versionadded:: 0.3

   one warning naming the request's images the kernel gets nothing for (a project's list of
   supported architectures, which drops the rest)
``REQUEST <spec>...``
   the build's request, resolved as :command:`cudaarch_resolve` resolves it (keywords too).
   Default: the directory's ``CUDAARCH_ARCHITECTURES_RESOLVED``, which
   :command:`cudaarch_set_architectures` sets
``COMPILER <nvcc>``
   the nvcc whose architectures count, as for :command:`cudaarch_resolve`

The rules (the loader's): each SASS image of the request at capability *g* (``NNf`` stands
for each capability of its family the nvcc builds) gets the newest supported image that runs
natively on *g*: a plain ``s`` of the same major and a minor not above *g*'s, ``sa`` only
when *s* is *g*, ``sf`` when *g* is in its family; at one capability ``a``, then ``f``, then
plain; a *g* that none fits gets, as PTX, the newest plain entry written with PTX not above
*g*. Each PTX image at *v* gets, as PTX, the newest plain supported capability not above
*v*. Images the nvcc cannot build are never chosen.

Results
^^^^^^^

``<out-var>``
   the chosen images in CMake's notation, merged and sorted; empty when the kernel supports
   none of the request. Nothing is printed.

Errors start with ``cudaarch_intersect:``: ``give SUPPORTED or MINIMUM, not both``,
``missing SUPPORTED <spec>... or MINIMUM <cc>: …``,
``MINIMUM must be one compute capability without a suffix, such as 8.0, not '9.0a'``,
``give NO_PTX or EMBED, not both``, ``unknown EMBED value '<form>'; …``,
``SUFFIX applies with KEEP: …``, ``SUFFIX '<spec>': 12.1 has no suffix: …``,
``SUFFIX '<spec>': 12.0 is given two suffixes (12.0a, 12.0f): give each capability one``,
``SUPPORTED '<spec>': <notation error>`` (of any alternative of an ``A|B`` entry, chosen or
not; ``'<entry>': an entry A|B holds architectures only, not '[', ']' or '\'``),
``REQUEST '<spec>': <resolution error>``,
``no REQUEST given and CUDAARCH_ARCHITECTURES_RESOLVED is not set: …``.

Examples
^^^^^^^^

.. code-block:: cmake

   cudaarch_intersect(archs SUPPORTED 8.0 9.0a REQUEST 80-real 86-real 90-real)
   # archs: 80-real;90a-real
   cudaarch_intersect(archs SUPPORTED 8.0 REQUEST 90)
   # archs: 80-virtual (a 9.0 GPU runs it by JIT)
   cudaarch_intersect(archs SUPPORTED 12.0a REQUEST 120-real)
   # archs: 120a-real
   cudaarch_intersect(archs SUPPORTED 8.0+PTX REQUEST 86-real 100f-real 120a-real)
   # archs: 80 (SASS for the 8.6 GPU, its PTX for the 10.x and 12.0 GPUs)
   cudaarch_intersect(archs SUPPORTED 8.0 8.6 8.9 NO_PTX REQUEST 89-real 90)
   # archs: 89-real (no PTX from the request's 90)
   cudaarch_intersect(archs SUPPORTED "10.0f|10.0a" REQUEST 100-real)
   # archs: 100f-real with nvcc 12.9 and newer, 100a-real with 12.8
   cudaarch_intersect(archs MINIMUM 8.0)   # the directory's request, from 8.0 on
   # The request's own images, never re-spelled (issue 39):
   cudaarch_intersect(archs MINIMUM 8.0 KEEP REQUEST 75-real 80-real 90a-real 100f-real 120)
   # archs: 80-real;90a-real;100f-real;120 (without KEEP: 80-real;90-real;100-real;103-real;120)
   cudaarch_intersect(archs SUPPORTED 7.5 8.0 8.6 8.9 9.0 12.0a 12.1a KEEP SUFFIX 12.0a 12.1a
                      REQUEST 86-real 90a-real 120-real 121-real)
   # archs: 86-real;90a-real;120a-real;121a-real
   cudaarch_intersect(archs MINIMUM 7.5 KEEP EMBED HIGHEST_PTX REQUEST 75 86 90)
   # archs: 75-real;86-real;90 (SASS for each, PTX for the highest)
   cudaarch_intersect(archs SUPPORTED 8.0 8.6 9.0a 10.0a KEEP EMBED SASS WARN_UNSUPPORTED
                      REQUEST 75-real 80 90a-real 120-real)
   # archs: 80-real;90a-real, and a warning: left out 75-real;120-real of the request, …
#]=======================================================================]
function(cudaarch_intersect)
  _cudaarch_parse_arguments(cudaarch_intersect ${ARGC}
    usage "cudaarch_intersect(<out-var> (SUPPORTED <spec>... | MINIMUM <cc>) [NO_PTX] [KEEP [SUFFIX <spec>...]] \
[EMBED SASS|PTX|SASS_PTX|HIGHEST_PTX] [WARN_UNSUPPORTED] [REQUEST <spec>...] [COMPILER <nvcc>])"
    leading OUT_VAR options NO_PTX KEEP WARN_UNSUPPORTED one_value MINIMUM COMPILER EMBED
    multi_value SUPPORTED REQUEST SUFFIX variables OUT_VAR)
  _cudaarch_detect_hooks(hooks "${_CUDAARCH_DETECT_PROBE_COMMAND}" "${_CUDAARCH_DETECT_PROC_ROOT}")
  _cudaarch_kernel_shape(shape cudaarch_intersect "${arg_NO_PTX}" "${arg_KEEP}" "${arg_EMBED}" "${arg_SUFFIX}"
    "${arg_WARN_UNSUPPORTED}")
  _cudaarch_kernel_architectures(list request left chosen cudaarch_intersect "${arg_SUPPORTED}" "${arg_MINIMUM}"
    "${shape}" "${arg_REQUEST}" "${CUDAARCH_ARCHITECTURES_RESOLVED}" "${arg_COMPILER}" "${hooks}")
  _cudaarch_supports_text(supports "${arg_SUPPORTED}" "${arg_MINIMUM}" "${shape}" "${chosen}")
  _cudaarch_warn_unsupported(cudaarch_intersect "" "${shape}" "${left}" "${supports}")
  set(${arg_OUT_VAR} "${list}" PARENT_SCOPE)
endfunction()
cmake_policy(POP)
