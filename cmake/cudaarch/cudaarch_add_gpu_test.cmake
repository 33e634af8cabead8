include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/notation.cmake")

#[=======================================================================[.rst:
.. command:: cudaarch_add_gpu_test

  Adds a CTest test that needs GPUs: it runs where suitable GPUs are visible and is
  reported as skipped (not passed, not failed) where none are.

  .. code-block:: cmake

    cudaarch_add_gpu_test(NAME <name> COMMAND <command> [<arg>...]
                          [MIN_CC <cc>] [ARCHITECTURES <spec>] [GPUS <n>])

  ``NAME <name>``
    The test's name.
  ``COMMAND <command> [<arg>...]``
    What to run, as for ``add_test``; an executable target's name as ``<command>`` is
    replaced by its file.
  ``MIN_CC <cc>``
    The GPUs must have this compute capability or a newer one (``8.0``, ``80``).
  ``ARCHITECTURES <spec>``
    The GPUs must be able to run a build for these architectures, in any notation
    ``cudaarch_parse`` reads (``90a-real``, ``8.0 9.0``): typically the test program's
    own ``CUDA_ARCHITECTURES``.
  ``GPUS <n>``
    How many such GPUs the test needs; default 1.

  The test runs ``cudaarch gpu-test`` (the target ``CudaArch::cudaarch``, which must exist)
  as a launcher: it asks the driver for the visible GPUs, exits 77 when fewer than
  ``<n>`` suitable ones are visible (the test's ``SKIP_RETURN_CODE``), and otherwise
  replaces itself with the command, so the command's exit code is the test's. It
  points ``CUDA_VISIBLE_DEVICES`` at the suitable GPUs, or at the ones a CTest resource
  allocation gave the test, through the caller's own ``CUDA_VISIBLE_DEVICES`` list.

  Properties set: ``LABELS`` ``gpu`` plus ``sm_XY`` for ``MIN_CC`` and for each
  architecture of ``ARCHITECTURES``; ``SKIP_RETURN_CODE 77``; ``RESOURCE_GROUPS``
  ``gpus:1``, or ``<n>,gpus:1`` (used only when ctest runs with a resource spec, see
  ``cudaarch_write_resource_spec``).

  ``CUDAARCH_REQUIRE_GPU``, ``ON`` as a CMake variable when the test is added or as an
  environment variable when it runs, turns the skip into a failure: for GPU CI jobs.

  Example:

  .. code-block:: cmake

    add_executable(saxpy_test saxpy_test.cu)
    set_target_properties(saxpy_test PROPERTIES CUDA_ARCHITECTURES "80-real;90a-real")
    cudaarch_add_gpu_test(NAME saxpy COMMAND saxpy_test --check ARCHITECTURES "80-real;90a-real")
#]=======================================================================]
function(cudaarch_add_gpu_test)
  _cudaarch_parse_arguments(cudaarch_add_gpu_test ${ARGC}
    usage "cudaarch_add_gpu_test(NAME <name> COMMAND <command> [<arg>...] [MIN_CC <cc>] [ARCHITECTURES <spec>] [GPUS <n>])"
    one_value NAME MIN_CC ARCHITECTURES GPUS multi_value COMMAND required NAME COMMAND)
  _cudaarch_positive_number(gpus cudaarch_add_gpu_test GPUS 1)

  set(labels gpu)
  set(options --gpus ${gpus})
  if(NOT arg_MIN_CC STREQUAL "")
    _cudaarch_format_impl(cc warnings error CMAKE "" "${arg_MIN_CC}")
    string(REGEX REPLACE "-(real|virtual)$" "" cc "${cc}")
    if(error OR NOT cc MATCHES "^[0-9]+$")
      message(FATAL_ERROR "cudaarch_add_gpu_test: MIN_CC must be one compute capability such as 8.0, not '${arg_MIN_CC}'")
    endif()
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

  if(NOT TARGET CudaArch::cudaarch)
    message(FATAL_ERROR "cudaarch_add_gpu_test: needs the cudaarch CLI (target CudaArch::cudaarch): "
                        "find_package(CudaArch) where it was built, or add_subdirectory(<CudaArch>)")
  endif()
  # add_test maps a target name to its file only as the first word, which the launcher takes.
  set(command ${arg_COMMAND})
  list(GET command 0 program)
  if(TARGET "${program}")
    list(REMOVE_AT command 0)
    list(INSERT command 0 "$<TARGET_FILE:${program}>")
  endif()
  add_test(NAME "${arg_NAME}" COMMAND "$<TARGET_FILE:CudaArch::cudaarch>" gpu-test ${options} -- ${command})
  set(groups gpus:1)
  if(gpus GREATER 1)
    set(groups "${gpus},gpus:1")
  endif()
  set_property(TEST "${arg_NAME}" APPEND PROPERTY LABELS ${labels})
  set_tests_properties("${arg_NAME}" PROPERTIES SKIP_RETURN_CODE 77 RESOURCE_GROUPS "${groups}")
endfunction()
cmake_policy(POP)
