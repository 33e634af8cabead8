include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/notation.cmake")

#[=======================================================================[.rst:
.. command:: cudaarch_add_verify_test

  Adds a CTest test that lists the SASS and PTX images in the file a target builds and
  fails when they are not exactly the architectures the target asked for.

  .. code-block:: cmake

    cudaarch_add_verify_test(<target> [EXPECT <spec>...] [NAME <test>])

  ``<target>``
    An executable, shared, module or static library target whose file holds CUDA device
    code.
  ``EXPECT <spec>...``
    The architectures the file must hold, in any notation (``80-real 90``, ``"8.0 9.0a"``,
    ``sm_90a``). Default: the target's ``CUDAARCH_ARCHITECTURES`` property (a CMake-format
    list), else its ``CUDA_ARCHITECTURES`` property. A keyword there (``all``,
    ``all-major``, ``native``) or no list at all is an error that asks for ``EXPECT``.
  ``NAME <test>``
    The test's name. Default: ``cudaarch_verify_<target>``.

  The test runs ``cudaarch verify --expect <spec> $<TARGET_FILE:<target>>`` with the
  ``CudaArch::cudaarch`` executable, which compares SASS and PTX images by architecture,
  ``a``/``f`` suffix included, and prints ``missing: …`` and ``extra: …`` lines on a
  difference. LTO-IR is not compared.

  Example:

  .. code-block:: cmake

    add_executable(app app.cu)
    set_target_properties(app PROPERTIES CUDA_ARCHITECTURES "80-real;90")
    cudaarch_add_verify_test(app)                   # expects sm_80 sm_90 compute_90
    cudaarch_add_verify_test(app EXPECT 80-real 90a-real NAME app_hopper)
#]=======================================================================]
function(cudaarch_add_verify_test)
  _cudaarch_parse_arguments(cudaarch_add_verify_test ${ARGC}
    usage "cudaarch_add_verify_test(<target> [EXPECT <spec>...] [NAME <test>])"
    leading TARGET one_value NAME multi_value EXPECT)
  set(target "${arg_TARGET}")
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "cudaarch_add_verify_test: '${target}' is not a target.")
  endif()
  get_target_property(type "${target}" TYPE)
  if(NOT type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY|STATIC_LIBRARY)$")
    message(FATAL_ERROR "cudaarch_add_verify_test: '${target}' is a ${type}, which builds no single file to inspect.")
  endif()
  if(NOT TARGET CudaArch::cudaarch)
    message(FATAL_ERROR "cudaarch_add_verify_test: CudaArch::cudaarch does not exist: find_package(CudaArch) "
                        "from a build or install tree with the CLI, or add CudaArch with add_subdirectory.")
  endif()
  if(NOT arg_EXPECT STREQUAL "")
    # Read now, so that a wrong spec stops the configure rather than fails the test.
    _cudaarch_format_impl(parsed warnings error CMAKE "" "${arg_EXPECT}")
    if(error)
      message(FATAL_ERROR "cudaarch_add_verify_test: EXPECT: ${error}")
    elseif(parsed STREQUAL "")
      message(FATAL_ERROR "cudaarch_add_verify_test: EXPECT '${arg_EXPECT}' names no architecture")
    endif()
    set(expected "${arg_EXPECT}")
  else()
    _cudaarch_verify_expected(expected "${target}")
  endif()
  set(name "${arg_NAME}")
  if(name STREQUAL "")
    set(name "cudaarch_verify_${target}")
  endif()
  string(REPLACE ";" " " spec "${expected}")
  add_test(NAME "${name}" COMMAND "$<TARGET_FILE:CudaArch::cudaarch>" verify --expect "${spec}"
                                  "$<TARGET_FILE:${target}>")
endfunction()

# The architectures <target> resolved to: CUDAARCH_ARCHITECTURES, else CUDA_ARCHITECTURES.
function(_cudaarch_verify_expected out_var target)
  foreach(candidate IN ITEMS CUDAARCH_ARCHITECTURES CUDA_ARCHITECTURES)
    get_target_property(value "${target}" ${candidate})
    if(value)
      set(property ${candidate})
      break()
    endif()
  endforeach()
  if(NOT value)
    message(FATAL_ERROR "cudaarch_add_verify_test: '${target}' has no CUDAARCH_ARCHITECTURES or CUDA_ARCHITECTURES; "
                        "pass EXPECT <spec>...")
  endif()
  foreach(item IN LISTS value)
    if(item MATCHES "^(all|all-major|native)$" OR item MATCHES "\\$<")
      message(FATAL_ERROR "cudaarch_add_verify_test: ${property} of '${target}' is '${value}', which names no "
                          "fixed list; pass EXPECT <spec>...")
    endif()
  endforeach()
  set(${out_var} "${value}" PARENT_SCOPE)
endfunction()
cmake_policy(POP)
