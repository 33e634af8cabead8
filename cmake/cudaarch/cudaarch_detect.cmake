# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/detect.cmake")

#[=======================================================================[.rst:
cudaarch_detect
---------------

.. versionadded:: 0.1

.. command:: cudaarch_detect

  Detects the compute capabilities of the GPUs this machine can run CUDA code on, and says why
  when there are none. It never guesses silently: every outcome prints one ``CudaArch:``
  status line naming its source. The CLI twin is :doc:`cudaarch detect </cli/detect>`; what
  happens without a GPU is summarised in the :doc:`no-GPU policy </no-gpu-policy>`.

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_detect(<out-var> [DEVICES <var>] [REASON <var>] [REQUIRED] [TIMEOUT <seconds>])

Arguments
^^^^^^^^^

``<out-var>``
   receives the result
``DEVICES <var>``
   receives the devices
``REASON <var>``
   receives why no GPU was found
``REQUIRED``
   no GPU is a ``FATAL_ERROR``: ``cudaarch_detect: no GPU detected (REQUIRED): <reason>``.
``TIMEOUT <seconds>``
   limit for each program run (the probe, ``nvidia-smi``, ``__nvcc_device_query``); default
   60.

Results
^^^^^^^

``<out-var>``
   distinct compute capabilities as CMake numbers, ascending: ``86;90``. Empty when no GPU
   was found.
``DEVICES <var>``
   one record per device (`format below <#devices-records>`__).
``REASON <var>``
   empty when a GPU was found, else one line saying why not (`list below <#reasons>`__).

Errors (all start with the function name): ``cudaarch_detect: missing <out-var>; usage: …``,
``cudaarch_detect: unknown argument 'X'; usage: …``,
``cudaarch_detect: REASON needs a value; usage: …``,
``cudaarch_detect: TIMEOUT must be a positive number of seconds up to 86400, not 'soon'``.

How it detects
^^^^^^^^^^^^^^

1. **``CUDAARCH_GPUS``** — if the CMake variable (cache or normal) or else the environment
   variable is non-empty, it names the deployment GPUs in any notation or by product name
   (``T4;A100``, ``8.6+PTX sm_90``; parsed by ``cudaarch_parse``). Nothing is detected:
   ``-- CudaArch: GPUs from CUDAARCH_GPUS (not detected): 75;80`` (or
   ``from the environment variable CUDAARCH_GPUS``). A token that is neither a GPU nor an
   architecture is a fatal error naming ``CUDAARCH_GPUS``.
2. **The probe** (``kernels/probe/``): a host program, ``cudaarch_probe.cpp``, that loads the
   NVIDIA driver (``libcuda.so.1``; ``nvcuda.dll`` on Windows), lists the devices through
   the driver API and launches a kernel on each. The kernel, ``cudaarch_probe_kernel.cup``,
   is compiled to PTX for the oldest virtual architecture the toolkit supports (from the
   same toolkit query as resolution; ``compute_75`` on nvcc 13.0), so any GPU that toolkit
   can target JIT-compiles it; the probe loads that PTX with ``cuModuleLoadData``. The
   launch is the proof that the driver runs this toolkit's device code.

   - Two nvcc runs, started together (one ``execute_process``), with the project's
     ``CMAKE_CUDA_COMPILER`` (whether or not the CUDA language is enabled yet), else
     ``nvcc`` on ``PATH``:
     ``nvcc [-ccbin=<CMAKE_CUDA_HOST_COMPILER>] <CMAKE_CUDA_FLAGS> -arch=compute_NN -ptx -o … cudaarch_probe_kernel.cup``
     (the device compiler alone: a ``.cup`` file is preprocessed CUDA source, so neither the
     preprocessor nor the CUDA headers are involved) and
     ``nvcc [-ccbin=…] <CMAKE_CUDA_FLAGS> --cudart none -o … cudaarch_probe.cpp -ldl`` (the host compiler
     alone: the probe uses no CUDA header or library). Together they cost a sixth of one
     nvcc compile of a ``.cu`` probe (``docs/bench.md``). A ``try_compile`` would wrap them
     in a CMake sub-project and a build tool run.
   - A failed build writes both commands, their exit codes and the compiler output to
     ``<build>/CMakeFiles/CudaArch/detect/probe-build.log``, and the reason names that file.
   - The probe runs with ``execute_process(… TIMEOUT)`` as
     ``cudaarch_probe <kernel.ptx> <toolkit CUDA version> <PTX architecture>``; its output
     is kept in ``probe-run.log`` next to it.
   - In script mode (``cmake -P``) the folder is ``cudaarch-detect-<random>`` in the
     temporary folder (``TMPDIR``, ``TEMP``, else ``/tmp``), never the working directory,
     and it is removed once the probe answered; where it could not, the folder stays for
     the log the reason names.

3. **Fallbacks**, only when the probe cannot answer (no compiler, build failure, timeout,
   crash, a driver older than the toolkit's runtime, another driver error), each only where
   present:

   - ``nvidia-smi --query-gpu=index,uuid,pci.bus_id,compute_cap,name --format=csv,noheader``
     from ``PATH``. nvidia-smi ignores ``CUDA_VISIBLE_DEVICES``, so the function applies it
     itself (indices and ``GPU-`` UUID prefixes, in that order, up to the first invalid
     entry, like the driver); with ``MIG-`` entries it cannot, and moves on.
     (``compute_cap`` needs an nvidia-smi newer than R470.)
   - ``__nvcc_device_query`` in the directory of that nvcc (it uses the driver API, so it
     honours ``CUDA_VISIBLE_DEVICES``); it reports only the distinct capabilities.

A probe answer of "no driver", "stub driver" or "no device" is final: the fallbacks would
only repeat it (nvidia-smi would even ignore ``CUDA_VISIBLE_DEVICES``).

The PCI tier: when no driver answers (the probe finds none or the toolkit's stub, or it
cannot run, every fallback fails and no kernel module is loaded), the NVIDIA display and 3D
controllers ``/sys/bus/pci/devices`` lists give their capabilities through the PCI IDs of
the data file (``chip`` and ``pci`` records): a container build, which has no driver but
sees the host's GPUs, gets them, and ``native`` uses them before ``NATIVE_FALLBACK``. Their
device records read ``<ordinal>|<M.m>|<chip> (10de:<id>)|-|-|<PCI address>|pci``. A device
ID the data file does not name is looked up in the machine's ``pci.ids``
(``CUDAARCH_PCI_IDS`` in the environment when set, empty for none; else
``/usr/share/misc/pci.ids`` or ``/usr/share/hwdata/pci.ids``), which places it when it names
a chip the data file has a record of; one that neither places counts as none (the reason
says ``PCI IDs: unknown NVIDIA GPU (10de:<id>)``). Such an answer is not kept in the machine-wide cache, and it never stands in
for a driver that answers. ``CUDAARCH_DETECT_PCI`` (a CMake variable, else the environment
variable) set to a false value turns the tier off; ``CUDAARCH_SYSFS_ROOT`` (environment)
replaces ``/sys``.

Status lines
^^^^^^^^^^^^

Detection is one CMake check (``message(CHECK_START)``, then ``CHECK_PASS`` or
``CHECK_FAIL``, with ``CMAKE_MESSAGE_CONTEXT`` ``cudaarch``), printed once per configure
however many calls ask (the detection record):
``-- CudaArch: detecting GPUs``, then one of

found
   ``-- CudaArch: detecting GPUs - found by the probe: 86;90 (3 devices)``
found, answer from the cache
   ``-- CudaArch: detecting GPUs - found by the probe: 86;90 (3 devices, cached)``
found by a fallback
   ``-- CudaArch: detecting GPUs - found by nvidia-smi: 90 (1 device; the GPU probe timed out after 60 s)``
found by the PCI IDs, without a driver
   ``-- CudaArch: detecting GPUs - found by PCI IDs: 90 (1 device; from PCI IDs, not probed: no driver)``
a device cannot run the probe
   ``… (2 devices; device 1 cannot run the probe kernel: compute capability 6.1 is older than compute_75, the oldest architecture CUDA 13.0 targets: build for it with an older CUDA toolkit)``
none
   ``-- CudaArch: detecting GPUs - none: <reason>`` (``none (cached): …`` from the cache)
override
   ``-- CudaArch: GPUs from CUDAARCH_GPUS (not detected): 75;80``

Every device counts, including one whose probe launch failed: its capability is a fact about
the machine, and the note says why code from this toolkit will not run on it.

Reasons
^^^^^^^

``no NVIDIA driver (the probe cannot load libcuda.so.1)``
   the library is missing, or lacks an entry point the probe uses
``libcuda.so.1 is the CUDA toolkit's stub library, not a driver``
   ``cuInit`` error 34
``the NVIDIA driver found no CUDA device``
   ``cuInit`` error 100 or zero devices, ``CUDA_VISIBLE_DEVICES`` unset
``every device is hidden by CUDA_VISIBLE_DEVICES='-1'``
   no device and ``CUDA_VISIBLE_DEVICES`` set (also ``''``)
``insufficient driver: the driver supports CUDA 12.8, older than the toolkit's CUDA runtime 13.0``
   the driver's CUDA major version is below the toolkit's; fallbacks are tried
``the GPU probe failed to compile (see <log>)``
   the build failed; fallbacks are tried
``the GPU probe timed out after <n> s``
   ``TIMEOUT`` hit; fallbacks are tried
``the GPU probe exited with <rc> and no result (see <log>)``
   crash or garbage; fallbacks are tried
``no CUDA compiler to build the GPU probe (CMAKE_CUDA_COMPILER is not set and nvcc is not on PATH)``
   fallbacks are tried

When the fallbacks were tried and found nothing, their answers follow on the same line,
separated by ``;``, e.g.
``the GPU probe timed out after 1 s; nvidia-smi: not on PATH; __nvcc_device_query: no NVIDIA driver``.
Fallback answers: ``not on PATH``, ``no nvcc``, ``not next to <nvcc>``,
``exit <rc>: <first line>``, ``timed out after <n> s``, ``no NVIDIA driver``, a stub, no
device or hidden devices as above, ``cannot apply CUDA_VISIBLE_DEVICES='…' (MIG)``.

``DEVICES`` records
^^^^^^^^^^^^^^^^^^^

``<index>|<M.m>|<name>|<SMs>|<memory MiB>|<PCI bus id>|<launch>``, ``-`` where the source
does not know:

probe
   \`0
probe, launch failed
   \`2
nvidia-smi
   \`0
``__nvcc_device_query``, ``CUDAARCH_GPUS``
   \`-

Split one with ``string(REPLACE "|" ";" fields "${record}")``.

Cache
^^^^^

The answer (also "no GPU") is stored in internal cache entries ``_CUDAARCH_DETECT_*``, under
a key made of:

- the compiler: ``CMAKE_CUDA_COMPILER`` when CUDA is enabled, else the nvcc found on
  ``PATH`` (or as FindCUDAToolkit finds it), identified by its real path, size and
  time stamp (an nvcc update replaces the file); plus ``CMAKE_CUDA_HOST_COMPILER`` and
  ``CMAKE_CUDA_FLAGS``;
- the driver: the version in ``/proc/driver/nvidia/version`` (the kernel module) and the
  real file behind the first ``libcuda.so.1`` in ``LD_LIBRARY_PATH`` or the usual library
  directories (``libcuda.so.580.159.04``, with its size and time stamp), ``none`` for each
  one missing. Both change when the driver is installed, removed or upgraded;
- ``CUDA_VISIBLE_DEVICES`` (set or unset, and its value).

Reading all of it starts no process. With the same key a configure runs no program at all; a
changed key detects again. ``-DCUDAARCH_DETECT_REFRESH=ON`` (or the environment variable
``CUDAARCH_DETECT_REFRESH=1``) probes on every configure while it is on. ``CUDAARCH_GPUS``
bypasses the cache.

Machine-wide cache
^^^^^^^^^^^^^^^^^^

A fresh build tree (CI jobs, presets, FetchContent sub-builds) would pay for the probe
again; the machine-wide cache answers it instead. The answer is kept per user in one small
file per fingerprint:

``CUDAARCH_DETECT_CACHE_DIR`` (a CMake variable, else the environment variable)
   that folder; ``OFF`` turns the machine-wide cache off. A relative folder is taken in the
   build tree (refused in script mode, which has none)
otherwise
   ``$XDG_CACHE_HOME/cudaarch``, else ``~/.cache/cudaarch`` (``%LOCALAPPDATA%\cudaarch`` on
   Windows), made with mode 0700

- **Fingerprint**: the key above plus the driver's per-GPU files
  ``/proc/driver/nvidia/gpus/*/information`` (model and bus location of every GPU, readable
  without starting CUDA; a link there is not read). A file is used only when the SHA-256 of
  the fingerprint stored in it equals the current one, so a GPU added or removed, a driver
  or nvcc update, or another ``CUDA_VISIBLE_DEVICES`` probes again.
- **Trusted only when it is yours**: the folder must be a real folder (not a link) of the
  user running CMake that neither group nor others can write, and each file a regular file
  of that user, within its size bound, ending with the SHA-256 line CudaArch wrote over the
  rest, every field well formed. Nothing is read or locked through a link; a FIFO or device
  is never opened. Anything else is not used: detection probes, and one report line says
  why. On POSIX hosts the owner and mode come from ``id -u`` and ``ls -ldn`` (one
  ``/bin/sh`` run per file); see docs/reliability.md, "The machine-wide cache".
- **Only definite answers are kept**: what the probe said (GPUs, no driver, the stub driver,
  no device). A probe that failed to build or run, and a fallback's answer, are not, so the
  next configure tries again.
- **Safe under parallel configures**: a file is written to a temporary name and renamed over
  the old one, so a reader sees a whole file or none; a lock per fingerprint makes
  configures that start together on a cold machine wait for one probe and read its answer
  (``tests/cmake/detect``'s ``machine_cache`` case starts four at once and counts one probe).
- **Never a reason to fail**: a folder that cannot be made or written (a read-only mount, a
  full disk) means detecting without it; a read-only folder is still read. No temporary or
  short file is left behind.
- **Said when used**: the status line ends with ``from the machine cache <file>``, and the
  configure report of ``cudaarch_set_architectures`` has the line
  ``GPUs: from the machine-wide detection cache <file>, not probed; CUDAARCH_DETECT_REFRESH=ON probes again``,
  and one line for each other cache file used or not trusted.
  The probe remains the proof that toolkit and driver work: ``CUDAARCH_DETECT_REFRESH`` runs
  it and rewrites the file.

Old files (a previous driver's) are small and never read again; deleting the folder is
always safe.

The same folder keeps two more answers that every fresh build tree would otherwise work out
again, both data (never CMake code), both trusted as above and used only for the key they
name: what an nvcc builds (``toolkit-<hash>.txt``, keyed by the real path, size and time
stamp of nvcc and of its neighbours ``nvcc.profile``, ``ptxas``, ``nvvm/bin/cicc`` and
``version.json``, so a fresh tree starts no ``nvcc --version``, ``--list-gpu-code``,
``--list-gpu-arch`` or ``--help``), and the parsed architecture database
(``database-<hash>.txt``, keyed by the SHA-256 of the data file and of its reader).
``OFF`` turns these off too.

Internals, for CudaArch's developers (the probe's output format, the test hook): see
``docs/architecture.md``.

Examples
^^^^^^^^

.. code-block:: cmake

   list(APPEND CMAKE_MODULE_PATH "/path/to/cudaarch/cmake")
   include(CudaArch)
   cudaarch_detect(gpus REASON why)
   if(gpus)
     set(CMAKE_CUDA_ARCHITECTURES "${gpus}")
   else()
     message(STATUS "No local GPU (${why}); building for all-major")
     set(CMAKE_CUDA_ARCHITECTURES all-major)
   endif()
#]=======================================================================]
function(cudaarch_detect)
  _cudaarch_parse_arguments(cudaarch_detect ${ARGC}
    usage "cudaarch_detect(<out-var> [DEVICES <var>] [REASON <var>] [REQUIRED] [TIMEOUT <seconds>])"
    leading OUT_VAR options REQUIRED one_value DEVICES REASON TIMEOUT
    variables OUT_VAR DEVICES REASON)
  # At most a day: past that a hung probe is no better than one stopped.
  _cudaarch_positive_number(timeout cudaarch_detect TIMEOUT "${arg_TIMEOUT}" 60 86400 FRACTION UNIT seconds)
  _cudaarch_detect_hooks(hooks "${_CUDAARCH_DETECT_PROBE_COMMAND}" "${_CUDAARCH_DETECT_PROC_ROOT}")
  _cudaarch_detect(capabilities devices reason ${timeout} cudaarch_detect "${hooks}")
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
