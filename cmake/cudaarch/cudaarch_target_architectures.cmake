# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/apply.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/report.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/targets.cmake")

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

  - ``CUDA_ARCHITECTURES``: the resolved list; or, where CMake alone would reject or mis-build
    a suffix (:doc:`CMake versions </cmake-versions>`), ``OFF`` plus the same images as
    private ``-gencode`` compile options for CUDA sources and device-link options
    (``$<DEVICE_LINK:…>``) for separable compilation.
  - ``CUDAARCH_ARCHITECTURES``: the resolved list, which :command:`cudaarch_add_verify_test`
    checks the built file against.
  - The private compile definition ``CUDAARCH_BUILT_FOR`` for
    :doc:`\<cudaarch/runtime.hpp> </runtime>`.
  - A report line: ``-- CudaArch: target hopper_only: 90a-real``.

  Errors start with ``cudaarch_target_architectures:``: ``'<name>' is not a target``,
  ``'<name>' is an ALIAS of '<target>'; name '<target>' itself, …``,
  ``'<name>' is an IMPORTED target, …``, ``'<name>' is an INTERFACE library, …``,
  ``'<name>' is a custom target, …`` (all before anything is set),
  ``missing <spec>; usage: …``, ``<KEYWORD> needs a value; usage: …``,
  ``… names no architecture; …``, and resolution errors prefixed with
  ``target <name> '<spec>':``.

  .. code-block:: cmake

     add_library(hopper_only hopper.cu)
     cudaarch_target_architectures(hopper_only "9.0a")          # 90a-real: only sm_90a
     add_library(blackwell_family blackwell.cu)
     cudaarch_target_architectures(blackwell_family sm_100f)    # 100f-real (as -gencode where CMake cannot)

  ``examples/suffixes`` builds both and checks each library holds exactly that one image.

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
    _cudaarch_device_link_options(link_flags "${flags}")
    target_link_options("${target}" PRIVATE "${link_flags}")
    _cudaarch_report("target ${target}: ${list} (as -gencode flags: CMake ${CMAKE_VERSION} cannot write it)")
  endif()
  _cudaarch_built_for_definition(definition "${list}")
  target_compile_definitions("${target}" PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${definition}>")
  set_property(TARGET "${target}" PROPERTY CUDAARCH_ARCHITECTURES "${list}")
endfunction()
cmake_policy(POP)
