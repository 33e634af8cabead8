# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/detect.cmake")

#[=======================================================================[.rst:
cudaarch_write_resource_spec
----------------------------

.. versionadded:: 0.1

.. command:: cudaarch_write_resource_spec

  Writes a `CTest resource
  specification <https://cmake.org/cmake/help/latest/manual/ctest.1.html#resource-allocation>`__
  with one ``gpus`` resource per GPU that :command:`cudaarch_detect` finds, so that
  ``ctest -j`` runs the tests of :command:`cudaarch_add_gpu_test` in parallel without two of
  them on one GPU.

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_write_resource_spec(<file> [SLOTS_PER_GPU <n>])

Arguments
^^^^^^^^^

``<file>``
   the JSON file; relative to ``CMAKE_CURRENT_BINARY_DIR``
``SLOTS_PER_GPU <n>``
   slots per GPU, i.e. how many one-GPU tests may share one at a time; default 1

Results
^^^^^^^

``<file>``, for two GPUs and the default slots:

.. code:: json

   {
     "version": {"major": 1, "minor": 0},
     "local": [
       {
         "gpus": [
           {"id": "0", "slots": 1},
           {"id": "1", "slots": 1}
         ]
       }
     ]
   }

A status line says ``CudaArch: resource spec <file>: <n> GPUs, <slots> slots each``.
Errors stop with ``cudaarch_write_resource_spec: …`` (missing ``<file>``, unknown argument,
``SLOTS_PER_GPU`` without value or not a positive number, ``<file>`` a folder).

The ids are CUDA device ordinals of the configuring process (after its
``CUDA_VISIBLE_DEVICES``); the launcher maps them through the ``CUDA_VISIBLE_DEVICES`` that
``ctest`` runs with, so configure and test with the same value. Detection is
``cudaarch_detect``'s, cache and ``CUDAARCH_GPUS`` override included; with the override
there is one GPU per distinct listed capability. No GPU writes ``"gpus": []``, on which
ctest reports GPU tests as not run for lack of resources: leave ``--resource-spec-file`` out
on machines without GPUs.

When configuring on a CPU runner and testing on a GPU runner, write the spec on the GPU
runner (a small ``cmake -P`` script calling this function, or configure there) rather than
shipping the CPU runner's empty one.

Examples
^^^^^^^^

.. code-block:: cmake

   cudaarch_write_resource_spec(gpus.json SLOTS_PER_GPU 2)
   # ctest --test-dir build --resource-spec-file build/gpus.json -j 8 -L gpu
#]=======================================================================]
function(cudaarch_write_resource_spec)
  _cudaarch_parse_arguments(cudaarch_write_resource_spec ${ARGC}
    usage "cudaarch_write_resource_spec(<file> [SLOTS_PER_GPU <n>])"
    leading FILE one_value SLOTS_PER_GPU)
  _cudaarch_positive_number(slots cudaarch_write_resource_spec SLOTS_PER_GPU "${arg_SLOTS_PER_GPU}" 1 999999)
  _cudaarch_output_file(file cudaarch_write_resource_spec "${arg_FILE}" "JSON file" gpus.json)

  _cudaarch_detect_hooks(hooks "${_CUDAARCH_DETECT_PROBE_COMMAND}" "${_CUDAARCH_DETECT_PROC_ROOT}")
  _cudaarch_detect(capabilities devices reason 60 cudaarch_write_resource_spec "${hooks}")
  list(LENGTH devices count)
  set(entries "")
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(id RANGE ${last})
      if(entries)
        string(APPEND entries ",")
      endif()
      string(APPEND entries "\n        {\"id\": \"${id}\", \"slots\": ${slots}}")
    endforeach()
    string(APPEND entries "\n      ")
  endif()
  file(WRITE "${file}" "{\n  \"version\": {\"major\": 1, \"minor\": 0},\n  \"local\": [\n    {\n      \"gpus\": [${entries}]\n    }\n  ]\n}\n")
  message(STATUS "CudaArch: resource spec ${file}: ${count} GPUs, ${slots} slots each")
endfunction()
cmake_policy(POP)
