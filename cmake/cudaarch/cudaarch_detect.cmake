include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/detect.cmake")

#[=======================================================================[.rst:
cudaarch_detect
---------------

Detects the compute capabilities of the GPUs this machine can run CUDA code on, and
says why when there are none: it never guesses silently.

.. code-block:: cmake

  cudaarch_detect(<out-var> [DEVICES <var>] [REASON <var>] [REQUIRED] [TIMEOUT <seconds>])

How: builds a small probe (``kernels/probe/cudaarch_probe.cu``, PTX for the oldest
architecture the toolkit supports) with the project's own CUDA compiler, host compiler
and ``CMAKE_CUDA_FLAGS`` when the CUDA language is enabled (otherwise with ``nvcc`` from
``CMAKE_CUDA_COMPILER`` or ``PATH``), runs it, and parses its records. When the probe
cannot be built or run, asks ``nvidia-smi`` and then ``__nvcc_device_query`` (next to
``nvcc``), each only where present. Every visible device counts; ``CUDA_VISIBLE_DEVICES``
is respected. One status line says what was found and which source answered.

``<out-var>``
  Distinct compute capabilities as CMake numbers, ascending (``86;90``); empty when no
  GPU was found.

``DEVICES <var>``
  One record per device: ``<index>|<M.m>|<name>|<SMs>|<memory MiB>|<PCI bus id>|<launch>``,
  ``-`` for what the source does not tell (``__nvcc_device_query`` gives one record per
  capability; ``CUDAARCH_GPUS`` one per listed architecture). ``<launch>`` is ``ok`` or
  the CUDA error of the probe kernel's launch (``209:cudaErrorNoKernelImageForDevice``).

``REASON <var>``
  Empty when a GPU was found, else one line: no driver, stub driver, no device, every
  device hidden by ``CUDA_VISIBLE_DEVICES``, insufficient driver, the probe failed to
  compile (the message names the log file) or timed out, and what the fallbacks said.

``REQUIRED``
  No GPU is a fatal error.

``TIMEOUT <seconds>``
  Limit for each program run (probe, ``nvidia-smi``, ``__nvcc_device_query``); default 60.

Cache: the answer is kept in the CMake cache, keyed on the compiler (path, identity,
host compiler, flags), the driver (``/proc/driver/nvidia/version`` and the real file
of ``libcuda.so.1``) and ``CUDA_VISIBLE_DEVICES``; a later configure with the same key
runs nothing. A fresh build tree reads the machine-wide cache: one file per fingerprint
(the key plus ``/proc/driver/nvidia/gpus/*/information``) in ``CUDAARCH_DETECT_CACHE_DIR``
(variable or environment; ``OFF`` turns it off), else ``$XDG_CACHE_HOME/cudaarch`` or
``~/.cache/cudaarch``; the status line says when the answer came from there.
``CUDAARCH_DETECT_REFRESH`` (variable or environment) probes again on every configure.

Override: ``CUDAARCH_GPUS`` (a CMake variable, else the environment variable) names the
GPUs to build for in any notation or by product name (``T4;A100``, ``8.6 9.0``); it is
used instead of detection, and the status line says so.

Example:

.. code-block:: cmake

  cudaarch_detect(gpus REASON why)
  if(gpus)
    set(CMAKE_CUDA_ARCHITECTURES "${gpus}")
  else()
    message(STATUS "Building for all major architectures: ${why}")
  endif()

Documentation: ``docs/cmake/cudaarch_detect.md`` and ``docs/no-gpu-policy.md``.
#]=======================================================================]
function(cudaarch_detect)
  _cudaarch_parse_arguments(cudaarch_detect ${ARGC}
    usage "cudaarch_detect(<out-var> [DEVICES <var>] [REASON <var>] [REQUIRED] [TIMEOUT <seconds>])"
    leading OUT_VAR options REQUIRED one_value DEVICES REASON TIMEOUT
    variables OUT_VAR DEVICES REASON)
  set(timeout 60)
  if(NOT arg_TIMEOUT STREQUAL "")
    if(NOT arg_TIMEOUT MATCHES "^[0-9]*\\.?[0-9]+$" OR arg_TIMEOUT EQUAL 0)
      message(FATAL_ERROR "cudaarch_detect: TIMEOUT must be a positive number of seconds, not '${arg_TIMEOUT}'")
    endif()
    set(timeout "${arg_TIMEOUT}")
  endif()
  _cudaarch_detect(capabilities devices reason ${timeout})
  if(arg_REQUIRED AND capabilities STREQUAL "")
    message(FATAL_ERROR "cudaarch_detect: no GPU detected (REQUIRED): ${reason}")
  endif()
  set(${arg_OUT_VAR} "${capabilities}" PARENT_SCOPE)
  foreach(keyword IN ITEMS DEVICES REASON)
    string(TOLOWER ${keyword} name)
    if(arg_${keyword})
      set(${arg_${keyword}} "${${name}}" PARENT_SCOPE)
    endif()
  endforeach()
endfunction()
cmake_policy(POP)
