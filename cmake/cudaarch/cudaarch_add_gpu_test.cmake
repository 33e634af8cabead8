# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/notation.cmake")

#[=======================================================================[.rst:
cudaarch_add_gpu_test
---------------------

.. versionadded:: 0.1

.. command:: cudaarch_add_gpu_test

  Adds a CTest test that needs GPUs. Where suitable GPUs are visible it runs; where they are
  not it is reported as **skipped** — never as a silent pass.

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_add_gpu_test(NAME <name> COMMAND <command> [<arg>...]
                         [MIN_CC <cc>] [ARCHITECTURES <spec>] [GPUS <n>])

Arguments
^^^^^^^^^

``NAME <name>``
   the test's name (required)
``COMMAND <command> [<arg>...]``
   what to run (required); an executable target's name as ``<command>`` becomes its file
``MIN_CC <cc>``
   the GPUs need this compute capability or newer: ``8.0``, ``80``
``ARCHITECTURES <spec>``
   the GPUs must run a build for these architectures, in any notation ``cudaarch_parse``
   reads (``90a-real``, ``"8.0 9.0"``) — usually the test program's ``CUDA_ARCHITECTURES``
``GPUS <n>``
   how many such GPUs; default 1

Results
^^^^^^^

A test named ``NAME``, with these properties:

command
   ``$<TARGET_FILE:CudaArch::cudaarch> gpu-test --gpus <n> [--min-cc NN] [--architectures a,b] [--require] -- <command>...``
``LABELS``
   ``gpu``, plus ``sm_XY`` for ``MIN_CC`` and for each architecture of ``ARCHITECTURES``
   (``sm_80``, ``sm_90a``); appended to existing labels
``SKIP_RETURN_CODE``
   ``77``
``RESOURCE_GROUPS``
   ``gpus:1``, or ``<n>,gpus:1``; CTest uses it only with a resource spec (see
   :command:`cudaarch_write_resource_spec`)

So ``ctest -L gpu`` runs the GPU tests, ``ctest -LE gpu`` the others, and
``ctest -L sm_90a`` those needing Hopper's architecture-specific code.

Errors stop with ``cudaarch_add_gpu_test: …``: an unknown argument, a keyword without value,
a missing ``NAME`` or ``COMMAND``, ``GPUS`` not a positive number, ``MIN_CC`` not one
capability, an ``ARCHITECTURES`` spec that does not parse, or no ``CudaArch::cudaarch``
target.

The launcher: ``cudaarch gpu-test``
^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

::

   cudaarch gpu-test [--gpus N] [--min-cc CC] [--architectures SPEC] [--require] [--plan] [--json] -- COMMAND [ARG...]

1. Asks the driver (as ``cudaarch detect``) for the visible GPUs, waiting at most
   ``CUDAARCH_DRIVER_TIMEOUT`` seconds (environment; default 60, ``cudaarch ctest`` passes it
   on): a driver that does not answer in time, as on a GPU in a bad state, is no GPU.
2. Without a CTest resource allocation, keeps the GPUs of capability ≥ ``CC`` on which a
   build for ``SPEC`` runs (the rules of ``cudaarch inspect``/``runs_on``: SASS of the same
   major and a lower or equal minor, or PTX of a lower capability). Fewer than ``N``:
   **skip**. When only some GPUs fit, ``CUDA_VISIBLE_DEVICES`` is set to those; when all fit
   it is left alone.
3. With an allocation (``CTEST_RESOURCE_GROUP_COUNT``,
   ``CTEST_RESOURCE_GROUP_<i>_GPUS = id:<ordinal>,slots:<n>``), uses exactly the allocated
   GPUs; one that does not fit is a **skip**, an ordinal beyond the visible GPUs an error
   (exit 2: regenerate the spec).
4. Sets ``CUDA_VISIBLE_DEVICES`` for the command **through the launcher's own
   ``CUDA_VISIBLE_DEVICES`` list**: with ``CUDA_VISIBLE_DEVICES=3,1,0`` an allocation of
   ordinals 2 and 0 gives ``0,3``, so a machine shared by restricting devices stays
   restricted. UUID and MIG entries are carried over as written.
5. Replaces itself with the command (``execvp``), so the command's exit status, signals and
   output are the test's, unchanged. A command that cannot be started: exit 127.

A **skip** prints
``cudaarch gpu-test: skipped: needs 1 GPU of compute capability 8.0 or newer that can run 90a-real; visible: 0: Tesla T4 (7.5)``
(or ``; no GPU: <reason>``) and exits 77. With ``--require``, or ``CUDAARCH_REQUIRE_GPU``
set to ``ON``/``1``/``TRUE``/``YES`` in the environment, it prints
``cudaarch gpu-test: error: no suitable GPU, and one is required: …`` to stderr and exits 1.

``--plan`` runs nothing and says what the launcher would do, with the exit status it would
have (0 for a run): ``cudaarch gpu-test: would run with CUDA_VISIBLE_DEVICES=0: ./t``,
``cudaarch gpu-test: would skip: …`` or ``would fail: …``; with ``--json`` as one document,
schema ``cudaarch.gpu-test/1`` (docs/json.md).

``CUDAARCH_REQUIRE_GPU``
^^^^^^^^^^^^^^^^^^^^^^^^

- As a CMake variable when the test is added: the test gets ``--require``.
- As an environment variable when it runs: the same, without reconfiguring — set it in the
  GPU CI job, so a runner that lost its GPU fails instead of passing with every test
  skipped.

Caveats
^^^^^^^

- CTest hands out GPUs without knowing their capabilities: on a machine with mixed GPUs a
  test with ``MIN_CC``/``ARCHITECTURES`` may be allocated one that does not fit and then
  skips.
- Under plain ``ctest --resource-spec-file``, a test with more ``GPUS`` than the spec has is
  **Not Run** and fails the run; :doc:`cudaarch ctest </cli/ctest>` names it as skipped
  instead, on every runner of a fleet.
- With ``SLOTS_PER_GPU`` above 1, CTest may give one GPU to two groups of a multi-GPU test;
  the launcher then fails with
  ``CTest gave GPU <id> to two resource groups of this test, which needs distinct GPUs; …``
  (``cudaarch ctest`` runs such tests in a pass of their own with one slot per GPU).
- A test command that itself exits 77 is reported as skipped.

Examples
^^^^^^^^

.. code-block:: cmake

   find_package(CudaArch REQUIRED)
   add_executable(gemm_test gemm_test.cu)
   set_target_properties(gemm_test PROPERTIES CUDA_ARCHITECTURES "80-real;90a-real")
   cudaarch_add_gpu_test(NAME gemm COMMAND gemm_test --size 1024 ARCHITECTURES "80-real;90a-real")
   cudaarch_add_gpu_test(NAME allreduce COMMAND allreduce_test GPUS 2 MIN_CC 8.0)

#]=======================================================================]
function(cudaarch_add_gpu_test)
  _cudaarch_parse_arguments(cudaarch_add_gpu_test ${ARGC}
    usage "cudaarch_add_gpu_test(NAME <name> COMMAND <command> [<arg>...] [MIN_CC <cc>] [ARCHITECTURES <spec>] [GPUS <n>])"
    one_value NAME MIN_CC ARCHITECTURES GPUS multi_value COMMAND required NAME COMMAND)
  _cudaarch_positive_number(gpus cudaarch_add_gpu_test GPUS "${arg_GPUS}" 1 4096)

  set(labels gpu)
  set(options --gpus ${gpus})
  if(NOT arg_MIN_CC STREQUAL "")
    _cudaarch_capability(cc cudaarch_add_gpu_test MIN_CC "${arg_MIN_CC}")
    list(APPEND labels sm_${cc})
    list(APPEND options --min-cc ${cc})
  endif()
  if(NOT arg_ARCHITECTURES STREQUAL "")
    _cudaarch_format_impl(archs warnings error CMAKE "" "${arg_ARCHITECTURES}")
    if(error)
      message(FATAL_ERROR "cudaarch_add_gpu_test: ARCHITECTURES: ${error}")
    endif()
    foreach(arch IN LISTS archs)
      string(REGEX REPLACE "-(real|virtual)$" "" arch "${arch}")
      list(APPEND labels sm_${arch})
    endforeach()
    # One command-line word: the CLI reads ',' as a separator too.
    string(REPLACE ";" "," archs "${archs}")
    list(APPEND options --architectures ${archs})
  endif()
  list(REMOVE_DUPLICATES labels)
  if(CUDAARCH_REQUIRE_GPU)
    list(APPEND options --require)
  endif()

  _cudaarch_cli_file(cudaarch cudaarch_add_gpu_test "the test")
  # add_test maps a target name to its file only as the first word, which the launcher takes.
  set(command ${arg_COMMAND})
  list(GET command 0 program)
  if(TARGET "${program}")
    list(REMOVE_AT command 0)
    list(INSERT command 0 "$<TARGET_FILE:${program}>")
  endif()
  add_test(NAME "${arg_NAME}" COMMAND "${cudaarch}" gpu-test ${options} -- ${command})
  set(groups gpus:1)
  if(gpus GREATER 1)
    set(groups "${gpus},gpus:1")
  endif()
  set_property(TEST "${arg_NAME}" APPEND PROPERTY LABELS ${labels})
  set_tests_properties("${arg_NAME}" PROPERTIES SKIP_RETURN_CODE 77 RESOURCE_GROUPS "${groups}")
endfunction()
cmake_policy(POP)
