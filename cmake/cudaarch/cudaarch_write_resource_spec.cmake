include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/detect.cmake")

#[=======================================================================[.rst:
.. command:: cudaarch_write_resource_spec

  Writes a CTest resource specification file with one ``gpus`` resource per GPU that
  ``cudaarch_detect`` finds, so that ``ctest --resource-spec-file <file>`` hands GPUs to
  the tests of ``cudaarch_add_gpu_test`` without two of them sharing one.

  .. code-block:: cmake

    cudaarch_write_resource_spec(<file> [SLOTS_PER_GPU <n>])

  ``<file>``
    The JSON file to write; a relative path is relative to ``CMAKE_CURRENT_BINARY_DIR``.
  ``SLOTS_PER_GPU <n>``
    How many slots each GPU offers, i.e. how many one-GPU tests may share it at once;
    default 1.

  The ids are the CUDA device ordinals ``0``, ``1``, ... of the configuring process, in the
  driver's order after ``CUDA_VISIBLE_DEVICES``; the test launcher maps them back through
  the ``CUDA_VISIBLE_DEVICES`` of the ``ctest`` process, so run ``ctest`` with the same
  value. With ``CUDAARCH_GPUS`` set there is one GPU per distinct listed capability. No
  GPU writes an empty ``gpus`` list, on which ctest does not run the GPU tests.

  Example:

  .. code-block:: cmake

    cudaarch_write_resource_spec(gpus.json)
    # ctest --test-dir build --resource-spec-file build/gpus.json -j 8
#]=======================================================================]
function(cudaarch_write_resource_spec)
  _cudaarch_parse_arguments(cudaarch_write_resource_spec ${ARGC}
    usage "cudaarch_write_resource_spec(<file> [SLOTS_PER_GPU <n>])"
    leading FILE one_value SLOTS_PER_GPU)
  _cudaarch_positive_number(slots cudaarch_write_resource_spec SLOTS_PER_GPU 1)
  set(file "${arg_FILE}")
  if(NOT IS_ABSOLUTE "${file}")
    set(file "${CMAKE_CURRENT_BINARY_DIR}/${file}")
  endif()

  _cudaarch_detect(capabilities devices reason 60)
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
