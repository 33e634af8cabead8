include_guard(GLOBAL)
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

  The target's ``CUDA_ARCHITECTURES`` becomes the resolved list; where CMake alone would
  reject or mis-build a suffix (see ``docs/cmake-versions.md``) it is ``OFF`` and the
  target gets the equivalent ``-gencode`` flags instead, for its CUDA compiles and its
  device link, building the same images. The target also
  gets the property ``CUDAARCH_ARCHITECTURES`` (the resolved list, which
  ``cudaarch_add_verify_test`` checks the built file against) and the compile definition
  ``CUDAARCH_BUILT_FOR`` for ``<cudaarch/runtime.hpp>``. One report line names the target
  and its list.

  Example:

  .. code-block:: cmake

    add_library(hopper_kernels hopper.cu)
    cudaarch_target_architectures(hopper_kernels "9.0a")
#]=======================================================================]
function(cudaarch_target_architectures target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "NATIVE_PTX" "POLICY;FROM;NATIVE_FALLBACK;COMPILER" "")
  foreach(keyword IN LISTS arg_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "cudaarch_target_architectures: ${keyword} needs a value")
  endforeach()
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "cudaarch_target_architectures: '${target}' is not a target")
  endif()
  if(NOT arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cudaarch_target_architectures: missing <spec> for target '${target}'")
  endif()
  _cudaarch_apply_resolve(list cudaarch_target_architectures "target ${target}" "${arg_UNPARSED_ARGUMENTS}" arg)
  _cudaarch_cmake_can_express(expressible "${list}")
  if(expressible)
    set_property(TARGET "${target}" PROPERTY CUDA_ARCHITECTURES "${list}")
  else()
    _cudaarch_gencode_flags(flags "${list}")
    set_property(TARGET "${target}" PROPERTY CUDA_ARCHITECTURES OFF)
    target_compile_options("${target}" PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${flags}>")
    _cudaarch_device_link_options(link_flags "${flags}")
    target_link_options("${target}" PRIVATE "${link_flags}")
  endif()
  _cudaarch_built_for_definition(definition "${list}")
  target_compile_definitions("${target}" PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${definition}>")
  set_property(TARGET "${target}" PROPERTY CUDAARCH_ARCHITECTURES "${list}")
  if(expressible)
    _cudaarch_report("target ${target}: ${list}")
  else()
    _cudaarch_report("target ${target}: ${list} (as -gencode flags: CMake ${CMAKE_VERSION} cannot write it)")
  endif()
endfunction()
