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

   cudaarch_intersect(<out-var> (SUPPORTED <spec>... | MINIMUM <cc>) [REQUEST <spec>...]
                      [COMPILER <nvcc>])

Arguments
^^^^^^^^^

``<out-var>``
   receives the result
``SUPPORTED <spec>...``
   the architectures the kernel has code for, any :doc:`notation </notation>` without
   keywords (``8.0 9.0a``, ``sm_100a``, ``H100``); whether SASS or PTX is written does not
   matter, only the capability and its suffix
``MINIMUM <cc>``
   instead: the kernel runs on every plain capability from ``<cc>`` on (``8.0``) that the
   nvcc builds
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
plain. Each PTX image at *v* gets, as PTX, the newest plain supported capability not above
*v*. Images the nvcc cannot build are never chosen.

Results
^^^^^^^

``<out-var>``
   the chosen images in CMake's notation, merged and sorted; empty when the kernel supports
   none of the request. Nothing is printed.

Errors start with ``cudaarch_intersect:``: ``give SUPPORTED or MINIMUM, not both``,
``missing SUPPORTED <spec>... or MINIMUM <cc>: …``,
``MINIMUM must be one compute capability without a suffix, such as 8.0, not '9.0a'``,
``SUPPORTED '<spec>': <notation error>``, ``REQUEST '<spec>': <resolution error>``,
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
   cudaarch_intersect(archs MINIMUM 8.0)   # the directory's request, from 8.0 on
#]=======================================================================]
function(cudaarch_intersect)
  _cudaarch_parse_arguments(cudaarch_intersect ${ARGC}
    usage "cudaarch_intersect(<out-var> (SUPPORTED <spec>... | MINIMUM <cc>) [REQUEST <spec>...] [COMPILER <nvcc>])"
    leading OUT_VAR one_value MINIMUM COMPILER multi_value SUPPORTED REQUEST variables OUT_VAR)
  _cudaarch_detect_hooks(hooks "${_CUDAARCH_DETECT_PROBE_COMMAND}" "${_CUDAARCH_DETECT_PROC_ROOT}")
  _cudaarch_kernel_architectures(list request left cudaarch_intersect "${arg_SUPPORTED}" "${arg_MINIMUM}" "${arg_REQUEST}"
    "${CUDAARCH_ARCHITECTURES_RESOLVED}" "${arg_COMPILER}" "${hooks}")
  set(${arg_OUT_VAR} "${list}" PARENT_SCOPE)
endfunction()
cmake_policy(POP)
