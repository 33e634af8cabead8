# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/notation.cmake")

#[=======================================================================[.rst:
cudaarch_size_budget
--------------------

.. versionadded:: 0.3

.. command:: cudaarch_size_budget

  Adds a build step that fails the build when the device code in the file a target builds
  stores more bytes than a budget, as :doc:`cudaarch size --max-size </cli/size>` judges it,
  and lists the largest images and what dropping each would save.

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_size_budget(<target> MAX <size> [PER_ARCH <size>] [WARN])

Arguments
^^^^^^^^^

``<target>``
   an executable, shared, module or static library target (an ``ALIAS`` names its target)
``MAX <size>``
   the most bytes all its images (SASS, PTX and LTO-IR) may store: a number, whole or with a
   fraction, and a unit, ``B``, ``KB``, ``MB``, ``GB`` (powers of 1000) or ``KiB``, ``MiB``,
   ``GiB`` (of 1024): ``100MB``, ``1.5GiB``
``PER_ARCH <size>``
   also the most bytes the images of any one architecture may store (``90a`` holds
   ``sm_90a``, ``compute_90a`` and ``lto_90a``)
``WARN``
   warn instead of failing the build

Results
^^^^^^^

A custom target ``cudaarch_size_budget_<target>``, part of ``ALL``, whose step runs
``$<TARGET_FILE:CudaArch::cudaarch> size --max-size <size> [--per-arch <size>]`` on
``$<TARGET_FILE:<target>>`` after each link that changes it (and after a change of the
budget). Within the budget it prints nothing. Over it, the step prints the tool's report and
fails the build (with ``WARN``, warns, and the build goes on):

::

  cudaarch_size_budget: tight: …/libtight.a is over its size budget:
  …/libtight.a (archive): 18552 bytes; device code 10032 stored, 10032 uncompressed (2 images); host 8520
  total: 1 file, 18552 bytes; device code 10032 stored, 10032 uncompressed (2 images); host 8520
  budget: device code 10032 bytes stored, at most 1KB (1000 bytes): over by 9032
  largest images over the budget (dropping one saves its stored bytes):
    IMAGE          STORED  FILE
    sm_90            5320  …/libtight.a
    sm_80            4712  …/libtight.a

  CMake Error at …/cudaarch/internal/size_budget.cmake:… (message):
    cudaarch_size_budget: tight is over its size budget

With ``PER_ARCH``, a line for each architecture over it
(``budget: architecture 90 5320 bytes stored, at most 5kB (5000 bytes) per architecture:
over by 320``), and the images listed are those of the architectures over it, unless
``MAX`` is exceeded too. With ``WARN`` the last lines are ``CMake Warning at …:
cudaarch_size_budget: <target> is over its size budget (WARN)``.

Dropping an image saves its stored bytes and its entry header in the fat binary (tens of
bytes). What ``--compress-mode=size`` would save is not estimated. No variable is set.

The sizes are read by the tool when the step runs: a size it cannot read (``10XB``: ``unknown
unit 'XB'; accepted: B, KB, MB, GB, KiB, MiB, GiB.``) fails the step whether or not ``WARN``
is given, as does a file it cannot read. A multi-configuration generator checks each
configuration's file apart (CMake 3.20+).

``CudaArch::cudaarch`` exists after ``find_package(CudaArch)`` from a build or install tree
that has the CLI, and after ``add_subdirectory(<CudaArch>)``.

Errors
^^^^^^

At configure time, with ``message(FATAL_ERROR)``: ``cudaarch_size_budget: missing <target>;
usage: …``, ``… missing MAX; usage: …``, ``… '<name>' is not a target``, ``… unknown argument
'X'; usage: …``, ``… MAX needs a value; usage: …`` (also ``PER_ARCH``), ``… '<target>' is a
<TYPE>, which builds no single file to inspect``, ``… the budget needs the cudaarch tool
(target CudaArch::cudaarch): …``, ``… '<target>' has a budget already``.

Examples
^^^^^^^^

.. code-block:: cmake

   find_package(CudaArch REQUIRED)
   add_library(kernels SHARED a.cu)
   set_target_properties(kernels PROPERTIES CUDA_ARCHITECTURES "80-real;90-real;100-real;120")
   # PyPI takes files of at most 100 MB; no architecture above 30 MB.
   cudaarch_size_budget(kernels MAX 100MB PER_ARCH 30MB)
#]=======================================================================]
function(cudaarch_size_budget)
  _cudaarch_parse_arguments(cudaarch_size_budget ${ARGC}
    usage "cudaarch_size_budget(<target> MAX <size> [PER_ARCH <size>] [WARN])"
    leading TARGET options WARN one_value MAX PER_ARCH required MAX)
  set(target "${arg_TARGET}")
  _cudaarch_check_target(cudaarch_size_budget "${target}" FILE)
  _cudaarch_cli_file(cudaarch cudaarch_size_budget "the budget")
  get_target_property(aliased "${target}" ALIASED_TARGET)
  if(aliased)  # the step depends on the target itself
    set(target "${aliased}")
  endif()
  string(MAKE_C_IDENTIFIER "cudaarch_size_budget_${target}" name)
  if(TARGET "${name}")
    message(FATAL_ERROR "cudaarch_size_budget: '${target}' has a budget already (${name}); give it one call")
  endif()
  # The budget in a file of its own, rewritten only when it changes, so that a new budget
  # reruns the step under every generator (a changed command line does not under Makefiles).
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/cudaarch_size_budget")
  set(budget_file "${dir}/${name}.budget")
  file(CONFIGURE OUTPUT "${budget_file}" CONTENT "MAX=${arg_MAX}\nPER_ARCH=${arg_PER_ARCH}\nWARN=${arg_WARN}\n")
  # A multi-configuration generator builds each configuration's file apart: each is checked
  # and stamped apart (an output may name its configuration from CMake 3.20 on).
  set(stamp_dir "${dir}")
  get_property(multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(multi_config AND NOT CMAKE_VERSION VERSION_LESS 3.20)
    string(APPEND stamp_dir "/$<CONFIG>")
  endif()
  set(stamp "${stamp_dir}/${name}.stamp")
  set(script "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/internal/size_budget.cmake")
  get_target_property(imported "${target}" IMPORTED)
  set(built "${target}")
  if(imported)  # built elsewhere: only its file to wait for
    set(built "")
  endif()
  add_custom_command(OUTPUT "${stamp}"
    COMMAND "${CMAKE_COMMAND}" -DCOMMAND=cudaarch_size_budget "-DCUDAARCH=${cudaarch}" "-DTARGET=${target}" "-DFILE=$<TARGET_FILE:${target}>"
            "-DMAX=${arg_MAX}" "-DPER_ARCH=${arg_PER_ARCH}" "-DWARN=${arg_WARN}" "-DSTAMP=${stamp}" -P "${script}"
    DEPENDS ${built} "$<TARGET_FILE:${target}>" "${budget_file}" "${script}"
    COMMENT "CudaArch: the size budget of ${target}" VERBATIM)
  add_custom_target(${name} ALL DEPENDS "${stamp}")
endfunction()
cmake_policy(POP)
