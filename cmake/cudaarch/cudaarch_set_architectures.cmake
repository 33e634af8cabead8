include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/apply.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/select.cmake")

#[=======================================================================[.rst:
.. command:: cudaarch_set_architectures

  Picks the project's CUDA architectures from the first place that names them, resolves
  and validates them against the installed nvcc, and sets ``CMAKE_CUDA_ARCHITECTURES`` so
  that every CUDA target created afterwards builds exactly those images.

  .. code-block:: cmake

    cudaarch_set_architectures([DEFAULT <spec>... | FLEET <gpu>... [OBJECTIVE minimal|exact] [FLEET_PTX]]
                               [NATIVE_FALLBACK <spec>|ERROR]
                               [POLICY ERROR|WARN|CLAMP] [FROM_ENV TORCH_CUDA_ARCH_LIST]
                               [NATIVE_PTX] [COMPILER <nvcc>] [VARIABLE <var>])

  Where the request comes from, first match wins:

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

  ``DEFAULT <spec>...``
    The project's own choice, any notation or keyword (``native``, ``all-major``, ``T4;A100``).
  ``FLEET <gpu>...``
    The GPUs the build must run on: products (``T4``), capabilities (``8.6``) or rows of
    ``nvidia-smi --query-gpu=name,compute_cap --format=csv``. The images are chosen as
    ``cudaarch select`` chooses them: every GPU runs native SASS, ``f`` images where the
    nvcc has them; the report says which image each GPU runs.
  ``OBJECTIVE minimal|exact``
    ``minimal`` (default): the fewest images, one per major (a cubin runs on the later
    minors of its major); ``exact``: one per distinct capability.
  ``FLEET_PTX``
    Also embed PTX of the highest image, for GPUs newer than the fleet.
  ``NATIVE_FALLBACK <spec>|ERROR``
    What ``native`` becomes without a GPU (default ``all-major``), with one warning
    saying so; ``ERROR`` stops instead.
  ``POLICY ERROR|WARN|CLAMP``
    For an architecture the nvcc cannot build (see ``cudaarch_resolve``); default ``ERROR``.
  ``FROM_ENV TORCH_CUDA_ARCH_LIST``
    Also read that environment variable (step 3).
  ``NATIVE_PTX``
    ``native`` also embeds PTX for the highest detected GPU.
  ``COMPILER <nvcc>``
    The nvcc to validate against; default the project's CUDA compiler, else nvcc on PATH.
  ``VARIABLE <var>``
    Set this variable instead of ``CMAKE_CUDA_ARCHITECTURES``.

  Results in the calling scope: ``CMAKE_CUDA_ARCHITECTURES`` (or ``<var>``), and
  ``CUDAARCH_ARCHITECTURES_RESOLVED`` (the resolved list, also when a polyfill writes
  ``OFF``). Where this CMake cannot write a suffix (``a`` before 3.25, ``f`` before 4.0.2)
  the variable is ``OFF`` and the directory gets the equivalent ``-gencode`` flags, so
  the same images are built. With two or more images and nvcc 11.2+, CUDA compiles get
  ``--threads`` (``CUDAARCH_NVCC_THREADS``: ``OFF`` or a number) and a Ninja job pool that
  keeps threads × jobs within the cores. Every CUDA target gets the compile definition
  ``CUDAARCH_BUILT_FOR`` for ``<cudaarch/runtime.hpp>``. A report of the request, its
  source, the result, the nvcc and each detected GPU's verdict is printed (unless
  ``CUDAARCH_QUIET``) and written to ``<build>/cudaarch-report.txt``.

  Call it before ``project()`` / ``enable_language(CUDA)`` (recommended: the compiler
  check then already builds the chosen architectures) or after it.

  Example:

  .. code-block:: cmake

    cmake_minimum_required(VERSION 3.18)
    project(app LANGUAGES CXX CUDA)
    find_package(CudaArch REQUIRED)
    cudaarch_set_architectures(DEFAULT native NATIVE_FALLBACK all-major)
    add_library(kernels kernels.cu)

  For a known fleet: ``cudaarch_set_architectures(FLEET T4 A10 A100 L4 H100)`` builds
  ``75-real;80-real;90-real``.
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
