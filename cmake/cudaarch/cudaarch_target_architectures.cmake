include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/internal/apply.cmake")

#[=======================================================================[.rst:
cudaarch_target_architectures
-----------------------------

.. command:: cudaarch_target_architectures

  Sets one target's CUDA architectures from any notation, resolved and validated against the
  installed nvcc like :command:`cudaarch_set_architectures`.

  .. code-block:: cmake

     cudaarch_target_architectures(<target> <spec>... [POLICY ERROR|WARN|CLAMP] [FROM <dialect>]
                                   [NATIVE_FALLBACK <spec>|ERROR] [NATIVE_PTX] [COMPILER <nvcc>])

  ``<target>``
     an existing target with CUDA sources
  ``<spec>...``
     any notation or keyword: ``9.0a``, ``sm_90a``, ``80;86+PTX``, ``Hopper``, ``H100``
  ``POLICY``, ``FROM``, ``NATIVE_FALLBACK``, ``NATIVE_PTX``, ``COMPILER``
     as for :command:`cudaarch_resolve`

  Results, on the target:

  - ``CUDA_ARCHITECTURES``: the resolved list; or, where this CMake cannot write a suffix
    (``a`` before 3.25, ``f`` before 4.0.2), ``OFF`` plus the same images as private
    ``-gencode`` compile options for CUDA sources.
  - ``CUDAARCH_ARCHITECTURES``: the resolved list, which :command:`cudaarch_add_verify_test`
    checks the built file against.
  - The private compile definition ``CUDAARCH_BUILT_FOR`` for
    :doc:`\<cudaarch/runtime.hpp> </runtime>`.
  - A report line: ``-- CudaArch: target hopper_only: 90a-real``.

  Errors start with ``cudaarch_target_architectures:``: ``'<name>' is not a target``,
  ``missing <spec> for target '<name>'``, ``<KEYWORD> needs a value``, and resolution errors
  prefixed with ``target <name> '<spec>':``.

  .. code-block:: cmake

     add_library(hopper_only hopper.cu)
     cudaarch_target_architectures(hopper_only "9.0a")          # 90a-real: only sm_90a
     add_library(blackwell_family blackwell.cu)
     cudaarch_target_architectures(blackwell_family sm_100f)    # 100f-real, as -gencode on CMake < 4.0.2

  ``examples/suffixes`` builds both and checks each library holds exactly that one image.

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
