include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/apply.cmake")

#[=======================================================================[.rst:
.. command:: cudaarch_target_architectures

  Sets one target's CUDA architectures from any notation, resolved and validated against
  the installed nvcc like ``cudaarch_set_architectures``.

  .. code-block:: cmake

    cudaarch_target_architectures(<target> <spec>... [POLICY ERROR|WARN|CLAMP]
                                  [FROM <dialect>] [NATIVE_FALLBACK <spec>|ERROR]
                                  [NATIVE_PTX] [COMPILER <nvcc>])

  ``<target>``
    An existing target with CUDA sources.
  ``<spec>...``
    Any notation or keyword: ``9.0a``, ``sm_90a``, ``80;86+PTX``, ``Hopper``, ``H100``.
  ``POLICY``, ``FROM``, ``NATIVE_FALLBACK``, ``NATIVE_PTX``, ``COMPILER``
    As for ``cudaarch_resolve``.

  The target's ``CUDA_ARCHITECTURES`` becomes the resolved list; where this CMake cannot
  write a suffix (``a`` before 3.25, ``f`` before 4.0.2) it is ``OFF`` and the target gets
  the equivalent ``-gencode`` flags instead, building the same images. The target also
  gets the property ``CUDAARCH_ARCHITECTURES`` (the resolved list, which
  ``cudaarch_add_verify_test`` checks the built file against) and the compile definition
  ``CUDAARCH_BUILT_FOR`` for ``<cudaarch/runtime.hpp>``. One report line names the target
  and its list.

  Example:

  .. code-block:: cmake

    add_library(hopper_kernels hopper.cu)
    cudaarch_target_architectures(hopper_kernels "9.0a")
#]=======================================================================]
function(cudaarch_target_architectures)
  _cudaarch_parse_arguments(cudaarch_target_architectures ${ARGC}
    usage "cudaarch_target_architectures(<target> <spec>... [POLICY ERROR|WARN|CLAMP] [FROM <dialect>] \
[NATIVE_FALLBACK <spec>|ERROR] [NATIVE_PTX] [COMPILER <nvcc>])"
    leading TARGET options NATIVE_PTX one_value POLICY FROM NATIVE_FALLBACK COMPILER
    rest SPEC required SPEC)
  set(target "${arg_TARGET}")
  _cudaarch_check_target(cudaarch_target_architectures "${target}")
  _cudaarch_apply_resolve(list model cudaarch_target_architectures "target ${target}" "${arg_SPEC}" arg)
  _cudaarch_cmake_can_express(expressible "${list}")
  if(expressible)
    set_property(TARGET "${target}" PROPERTY CUDA_ARCHITECTURES "${list}")
    _cudaarch_report("target ${target}: ${list}")
  else()
    _cudaarch_gencode_flags(flags "${model}")
    set_property(TARGET "${target}" PROPERTY CUDA_ARCHITECTURES OFF)
    target_compile_options("${target}" PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${flags}>")
    _cudaarch_report("target ${target}: ${list} (as -gencode flags: CMake ${CMAKE_VERSION} cannot write it)")
  endif()
  _cudaarch_built_for_definition(definition "${list}")
  target_compile_definitions("${target}" PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${definition}>")
  set_property(TARGET "${target}" PROPERTY CUDAARCH_ARCHITECTURES "${list}")
endfunction()
cmake_policy(POP)
