# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/apply.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/select.cmake")

#[=======================================================================[.rst:
cudaarch_set_architectures
--------------------------

.. command:: cudaarch_set_architectures

  Picks the project's CUDA architectures from the first place that names them, resolves and
  validates them against the installed nvcc, and sets ``CMAKE_CUDA_ARCHITECTURES`` so that
  every CUDA target created afterwards builds exactly those images.

  .. code-block:: cmake

     cudaarch_set_architectures([DEFAULT <spec>... | FLEET <gpu>... [OBJECTIVE minimal|exact] [FLEET_PTX]]
                                [NATIVE_FALLBACK <spec>|ERROR]
                                [POLICY ERROR|WARN|CLAMP] [FROM_ENV TORCH_CUDA_ARCH_LIST]
                                [NATIVE_PTX] [COMPILER <nvcc>] [VARIABLE <var>])

  ``DEFAULT <spec>...``
     the project's own choice, any :doc:`notation </notation>` or keyword (``native``,
     ``all-major``, ``Hopper``, ``T4;A100``)
  ``FLEET <gpu>...``
     instead of ``DEFAULT``: the GPUs the build must run on (products, capabilities, rows of
     ``nvidia-smi --query-gpu=name,compute_cap --format=csv``); the images are chosen as
     :doc:`cudaarch select </cli/select>` chooses them, and the report gives each GPU's image.
     ``FLEET T4 A10 A100 L4 H100`` builds ``75-real;80-real;90-real``
  ``OBJECTIVE minimal|exact``
     ``minimal`` (default): the fewest images; ``exact``: one per distinct capability
  ``FLEET_PTX``
     the fleet's build also embeds PTX of the highest image
  ``NATIVE_FALLBACK <spec>|ERROR``
     what ``native`` becomes on a machine without a GPU; default ``all-major``; ``ERROR``
     stops with the detection reason. One warning says what was used instead and why
  ``POLICY ERROR|WARN|CLAMP``
     for an architecture the nvcc cannot build (:command:`cudaarch_resolve`); default
     ``ERROR``
  ``FROM_ENV TORCH_CUDA_ARCH_LIST``
     also read that environment variable, in PyTorch's notation
  ``NATIVE_PTX``
     ``native`` also embeds PTX for the highest detected GPU
  ``COMPILER <nvcc>``
     the nvcc to validate against; default the project's CUDA compiler, else nvcc on PATH
  ``VARIABLE <var>``
     set ``<var>`` instead of ``CMAKE_CUDA_ARCHITECTURES``

  Where the request comes from, first match wins (in detail: :doc:`resolution order
  </resolution-order>`):

  1. the user's explicit value: ``-DCUDAARCH_ARCHITECTURES=…`` (any notation, GPU names
     too) or ``-DCMAKE_CUDA_ARCHITECTURES=…`` (read in CMake's notation). The value CMake
     itself filled in when the CUDA language was enabled is not a user's choice. A user's
     ``OFF`` is kept as it is. Both set to different values is an error; so is either
     together with ``-DCUDAARCH_FLEET=<gpu>;…``, the user's fleet (with
     ``CUDAARCH_FLEET_OBJECTIVE`` and ``CUDAARCH_FLEET_PTX`` overriding the project's);
  2. the ``CUDAARCHS`` environment variable;
  3. ``TORCH_CUDA_ARCH_LIST`` from the environment, read in PyTorch's notation, when the
     project opts in with ``FROM_ENV TORCH_CUDA_ARCH_LIST``;
  4. ``DEFAULT`` or ``FLEET``;
  5. ``native``, falling back to ``all-major`` on a machine without a GPU.

  Call it before ``project()`` / ``enable_language(CUDA)`` (recommended: the compiler
  check then already builds the chosen architectures) or after it.

Results
^^^^^^^

- ``CMAKE_CUDA_ARCHITECTURES`` (or ``<var>``) in the calling scope: the resolved list in
  CMake's notation, e.g. ``75-real;80-real;90-real;100-real;110-real;120``.
- ``CUDAARCH_ARCHITECTURES_RESOLVED``: the same list, also when a polyfill writes ``OFF``.
- Directory compile options for CUDA sources: the ``CUDAARCH_BUILT_FOR`` definition (the
  list with ``,`` for ``;``) read by :doc:`\<cudaarch/runtime.hpp> </runtime>`; ``--threads``
  (below); ``-gencode`` flags where the polyfill applies. The definition and the flags skip
  targets that :command:`cudaarch_target_architectures` gave a list of their own, which get
  theirs instead.
- The report: printed as ``-- CudaArch: …`` lines (unless ``CUDAARCH_QUIET=ON``) and written
  to ``<build>/cudaarch-report.txt`` — the request and its source, the resolved list with
  the nvcc version and path, each detected GPU marked native SASS / PTX JIT / cannot run,
  and whether PTX is embedded for forward compatibility.

Older CMake
^^^^^^^^^^^

The modules work from CMake 3.18. Keywords always reach CMake as numbers (``native`` needs
3.24 in CMake itself, ``all``/``all-major`` 3.23). Suffixes CMake cannot write — ``a``
before 3.25, ``f`` before 4.0.2 — make the variable ``OFF`` and add the same images as
``--generate-code=arch=…,code=…`` flags (nvcc's long spelling of ``-gencode``, which ccache
would take for a debug option) to the directory's CUDA compile options; the report says so.
(Separable compilation's device link does not see those flags: give ``-rdc`` targets their
own ``cudaarch_target_architectures``, which has the same limit, or a newer CMake.)

Build time
^^^^^^^^^^

With two or more images and nvcc 11.2 or newer, CUDA compiles get ``--threads=N``, N the
number of images capped at the cores, and the Ninja job pool ``cudaarch_nvcc`` (through
``CMAKE_JOB_POOL_COMPILE``) allows cores / N compiles at once, so threads × jobs stays
within the cores. ``CUDAARCH_NVCC_THREADS=OFF`` opts out; a number fixes N. Other generators
ignore job pools: there, cap ``-j`` yourself. Measured in :doc:`bench </bench>`.

Errors
^^^^^^

``cudaarch_set_architectures: unknown argument 'X'; usage: …``,
``… <KEYWORD> needs a value; usage: …`` (an empty string is no value),
``… VARIABLE must name one variable, not 'a;b'``,
``… FROM_ENV must be TORCH_CUDA_ARCH_LIST, not '…'``,
``… <source> '<request>' names no architecture; …`` and
``… POLICY WARN left out every architecture, …`` (nothing left to build),
``… both CUDAARCH_ARCHITECTURES='…' and CMAKE_CUDA_ARCHITECTURES='…' are set; keep one``,
and resolution errors prefixed with where the request came from:
``cudaarch_set_architectures: the user's CUDAARCH_ARCHITECTURES '5.2': '5.2' is not supported by nvcc 13.0 (…)…``.

Example
^^^^^^^

.. code-block:: cmake

   cmake_minimum_required(VERSION 3.18)
   project(app LANGUAGES CXX CUDA)
   find_package(CudaArch REQUIRED)
   cudaarch_set_architectures(DEFAULT native NATIVE_FALLBACK all-major FROM_ENV TORCH_CUDA_ARCH_LIST)
   add_library(kernels kernels.cu)
#]=======================================================================]
function(cudaarch_set_architectures)
  _cudaarch_parse_arguments(cudaarch_set_architectures ${ARGC}
    usage "cudaarch_set_architectures([DEFAULT <spec>... | FLEET <gpu>... [OBJECTIVE minimal|exact] [FLEET_PTX]] \
[NATIVE_FALLBACK <spec>|ERROR] [POLICY ERROR|WARN|CLAMP] [FROM_ENV TORCH_CUDA_ARCH_LIST] [NATIVE_PTX] \
[COMPILER <nvcc>] [VARIABLE <var>])"
    options NATIVE_PTX FLEET_PTX one_value NATIVE_FALLBACK POLICY FROM_ENV COMPILER VARIABLE OBJECTIVE
    multi_value DEFAULT FLEET variables VARIABLE)
  _cudaarch_choice(from_env cudaarch_set_architectures FROM_ENV "" TORCH_CUDA_ARCH_LIST)
  set(variable CMAKE_CUDA_ARCHITECTURES)
  if(arg_VARIABLE)
    set(variable "${arg_VARIABLE}")
  endif()

  _cudaarch_explicit_request(request source dialect)
  _cudaarch_fleet_arguments(fleet source "${source}" "${request}")
  if(source STREQUAL "")
    _cudaarch_env_cudaarchs(env_cudaarchs)
    if(NOT env_cudaarchs STREQUAL "")
      set(request "${env_cudaarchs}")
      set(source "the CUDAARCHS environment variable")
      set(dialect CMAKE)
    elseif(from_env AND DEFINED ENV{TORCH_CUDA_ARCH_LIST} AND NOT "$ENV{TORCH_CUDA_ARCH_LIST}" STREQUAL "")
      set(request "$ENV{TORCH_CUDA_ARCH_LIST}")
      set(source "the TORCH_CUDA_ARCH_LIST environment variable")
      set(dialect TORCH)
    elseif(NOT "${arg_FLEET}" STREQUAL "")
      set(fleet "${arg_FLEET}")
      set(source "the project's FLEET")
    elseif(NOT "${CUDAARCH_FLEET_OBJECTIVE}" STREQUAL "")
      message(FATAL_ERROR "cudaarch_set_architectures: CUDAARCH_FLEET_OBJECTIVE is set but no fleet is named: "
                          "set CUDAARCH_FLEET to its GPUs (the cudaarch-fleet preset reads the environment variable CUDAARCH_FLEET)")
    elseif(NOT arg_DEFAULT STREQUAL "")
      set(request "${arg_DEFAULT}")
      set(source "the project's DEFAULT")
    else()
      set(request native)
      set(source "cudaarch_set_architectures' own default")
    endif()
  endif()
  if(arg_NATIVE_FALLBACK STREQUAL "")
    set(arg_NATIVE_FALLBACK all-major)
  endif()

  if(fleet)
    set(request "${fleet}")
  endif()
  _cudaarch_report("request '${request}' from ${source}")
  if(fleet)
    # The images the fleet needs, resolved below like any request in CMake's notation.
    _cudaarch_apply_fleet(request "${source}" "${fleet}")
    set(dialect CMAKE)
  elseif(request MATCHES "^(OFF|FALSE|NO|0)$")
    # The user asked CMake to pass no architecture flags at all; nothing to resolve.
    _cudaarch_report("CUDA architectures: ${request} (no architecture flags)")
    set(${variable} "${request}" PARENT_SCOPE)
    return()
  endif()
  set(arg_FROM "${dialect}")
  _cudaarch_apply_resolve(list model cudaarch_set_architectures "${source}" "${request}" arg)

  set(nvcc "${arg_COMPILER}")
  if(NOT nvcc)
    _cudaarch_default_compiler(nvcc)
  endif()
  _cudaarch_toolkit(toolkit "${nvcc}")
  _cudaarch_report("CUDA architectures: ${list} (nvcc ${toolkit_VERSION}, ${nvcc})")
  # Directory-wide settings skip the targets cudaarch_target_architectures gave their own.
  # They are set as directory properties, which script mode (cmake -P) allows, where
  # add_compile_options and add_compile_definitions do not exist.
  set(cuda_without_own "$<AND:$<COMPILE_LANGUAGE:CUDA>,$<NOT:$<BOOL:$<TARGET_PROPERTY:CUDAARCH_ARCHITECTURES>>>>")
  _cudaarch_cmake_can_express(expressible "${list}")
  if(expressible)
    set(value "${list}")
  else()
    set(value OFF)
    _cudaarch_gencode_flags(flags "${model}")
    set_property(DIRECTORY APPEND PROPERTY COMPILE_OPTIONS "$<${cuda_without_own}:${flags}>")
    _cudaarch_report("CMake ${CMAKE_VERSION} cannot write ${list} in CUDA_ARCHITECTURES: ${variable}=OFF and -gencode flags build the same images")
  endif()
  _cudaarch_built_for_definition(definition "${list}")
  set_property(DIRECTORY APPEND PROPERTY COMPILE_DEFINITIONS "$<${cuda_without_own}:${definition}>")
  _cudaarch_nvcc_threads(threads pool "${list}" "${toolkit_VERSION}")
  if(threads)
    set_property(DIRECTORY APPEND PROPERTY COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CUDA>:--threads=${threads}>")
    set_property(GLOBAL APPEND PROPERTY JOB_POOLS cudaarch_nvcc=${pool})
    set(CMAKE_JOB_POOL_COMPILE cudaarch_nvcc PARENT_SCOPE)
    _cudaarch_report("nvcc --threads=${threads} per compile, ${pool} at a time (Ninja job pool cudaarch_nvcc)")
  endif()

  _cudaarch_report_gpus("${list}")

  set_property(GLOBAL PROPERTY _CUDAARCH_SET_VALUE "${value}")
  if(variable STREQUAL "CMAKE_CUDA_ARCHITECTURES")
    _cudaarch_keep_before_project()
  endif()
  set(${variable} "${value}" PARENT_SCOPE)
  set(CUDAARCH_ARCHITECTURES_RESOLVED "${list}" PARENT_SCOPE)
endfunction()
cmake_policy(POP)
