# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/detect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/apply.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/report.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/request.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/select.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/verify.cmake")

#[=======================================================================[.rst:
cudaarch_set_architectures
--------------------------

.. versionadded:: 0.1

.. command:: cudaarch_set_architectures

  Picks the project's CUDA architectures from the first place that names them, resolves and
  validates them against the installed nvcc, and sets ``CMAKE_CUDA_ARCHITECTURES`` so that
  every CUDA target created afterwards builds exactly those images.

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_set_architectures([DEFAULT <spec>... | FLEET <gpu>... [OBJECTIVE minimal|exact] [FLEET_PTX]]
                              [NATIVE_FALLBACK <spec>|ERROR]
                              [POLICY ERROR|WARN|CLAMP] [FROM_ENV TORCH_CUDA_ARCH_LIST] [FROM_FLAGS]
                              [NATIVE_PTX] [COMPILER <nvcc>] [VARIABLE <var>] [VERIFY] [REQUIRED])

Arguments
^^^^^^^^^

``DEFAULT <spec>...``
   the project's own choice, any :doc:`notation </notation>` or keyword (``native``,
   ``all-major``, ``Hopper``, ``T4;A100``)
``FLEET <gpu>...``
   instead of ``DEFAULT``: the GPUs the build must run on (products as ``nvidia-smi``
   names them, capabilities, rows of ``nvidia-smi --query-gpu=name,compute_cap --format=csv``
   or ``--query-gpu=name``, or a file's content: that CSV or ``cudaarch detect --json``
   output, as ``cudaarch select --from-file`` reads them; ``T4,A10`` is two GPUs, a row
   without a header is ``<name>, <capability>`` only where its last field is a capability
   and its first is not); the images are chosen as
   :doc:`cudaarch select </cli/select>` chooses them, and the report gives each GPU's image.
   ``FLEET T4 A10 A100 L4 H100`` builds ``75-real;80-real;90-real``
``OBJECTIVE minimal|exact``
   ``minimal`` (default): the fewest images; ``exact``: one per distinct capability
``FLEET_PTX``
   the fleet's build also embeds PTX of the highest image
``NATIVE_FALLBACK <spec>|ERROR``
   what ``native`` becomes on a machine without a GPU; default ``all-major``; ``ERROR``
   stops with the detection reason. One notice line (``message(NOTICE)``, no call stack)
   says what was used instead, why, and how to choose: ``cudaarch_set_architectures:
   'native': no GPU detected: <reason>. Using NATIVE_FALLBACK 'all-major' instead. Set
   CUDAARCH_GPUS (the GPUs to build for) or CUDAARCH_ARCHITECTURES (a list) to choose.``
``POLICY ERROR|WARN|CLAMP``
   for an architecture the nvcc cannot build (:command:`cudaarch_resolve`); default
   ``ERROR``
``FROM_ENV TORCH_CUDA_ARCH_LIST``
   also read ``TORCH_CUDA_ARCH_LIST`` in PyTorch's notation: the cache variable (``-D``),
   else the environment variable, which initializes a build tree as ``CUDAARCHS`` does
   (`below <#where-the-request-comes-from>`__). What PyTorch 2.11 would reject (``75``, ``,``, …) is
   read with a warning naming PyTorch's spelling
``FROM_FLAGS``
   take the ``-gencode``/``--generate-code``, ``-arch``/``--gpu-architecture`` and
   ``-code``/``--gpu-code`` flags of ``CMAKE_CUDA_FLAGS`` (before ``project()``: of what CMake
   will initialize it from, the ``CUDAFLAGS`` environment variable and
   ``CMAKE_CUDA_FLAGS_INIT``) as the request, ahead of everything but the user's explicit value
   (``CUDAARCH_ARCHITECTURES``, or a ``CMAKE_CUDA_ARCHITECTURES`` other than ``OFF``), and
   **remove them from** ``CMAKE_CUDA_FLAGS``: the command sets that variable in the calling
   scope to its value without them (the report says ``FROM_FLAGS: CMAKE_CUDA_FLAGS is
   '-DONNX_NAMESPACE=onnx_c2 --expt-extended-lambda' in this directory, its architecture flags
   taken out``). This is the only case where a CudaArch command changes ``CMAKE_CUDA_FLAGS``.
   The resolved list is then built like any other, so what ``POLICY WARN`` leaves out (7.0 on
   nvcc 13) reaches no flag nvcc sees, CMake's compiler check and the build pass, and sources
   given their own list by :command:`cudaarch_source_architectures` get only that. Call it
   after ``find_package(Torch)``, which appends its flags after ``project()``; before
   ``project()`` it also writes the ``CMAKE_CUDA_FLAGS`` cache entry CMake would write (from
   ``CUDAFLAGS`` and ``CMAKE_CUDA_FLAGS_INIT``), so that ``project()`` keeps the cleaned
   variable and the entry keeps the request for the next configure; the environment is left as
   it is (CMake's compiler identification still tries ``CUDAFLAGS`` first, then without it).
   ``cmake.downstream.from_flags`` builds both placements.

   .. versionadded:: 0.3
``NATIVE_PTX``
   ``native`` also embeds PTX for the highest detected GPU
``COMPILER <nvcc>``
   the nvcc to validate against. Default: the project's CUDA compiler, else the one
   :command:`cudaarch_resolve` finds
``VARIABLE <var>``
   set ``<var>`` instead of ``CMAKE_CUDA_ARCHITECTURES``. It always holds the resolved
   list, never ``OFF``: where the polyfill applies (`below <#older-cmake>`__) targets given
   ``<var>`` as their ``CUDA_ARCHITECTURES`` must keep ``OFF`` instead (the report says so);
   each target of the directory's tree with ``OFF`` then gets the ``-gencode`` flags when the
   directory ends. Empty when the user's request is ``OFF``.

   .. versionchanged:: 0.2
      ``OFF`` under the polyfill before.
``REQUIRED``
   a machine without nvcc is an error (``no nvcc found: …``). Without it, and before the
   CUDA language is enabled, the call says in one report line, which records the request,
   that nothing can be validated (``no nvcc found (CMAKE_CUDA_COMPILER, CUDACXX, PATH, CUDA_PATH):
   '80' from the project's DEFAULT not validated, CMAKE_CUDA_ARCHITECTURES left unset;
   check_language(CUDA) decides …``) and leaves ``CMAKE_CUDA_ARCHITECTURES`` and
   ``CUDAARCH_ARCHITECTURES_RESOLVED`` unset, so that an optional-CUDA project's
   ``check_language(CUDA)`` decides (:doc:`getting started </getting-started>`). With the
   CUDA language enabled, no nvcc is always an error.

   .. versionadded:: 0.2
``VERIFY``
   after each build, check that every linked CUDA file of this directory tree holds the
   images its list promises (`below <#verify>`__)

Results
^^^^^^^

- ``CMAKE_CUDA_ARCHITECTURES`` (or ``<var>``) in the calling scope: the resolved list in
  CMake's notation, e.g. ``75-real;80-real;90-real;100-real;110-real;120``; where the
  polyfill applies, ``CMAKE_CUDA_ARCHITECTURES`` holds the closest value this CMake takes
  (`below <#older-cmake>`__).
- ``CUDAARCH_ARCHITECTURES_RESOLVED``: the resolved list, also under the polyfill.
- Directory compile options for CUDA sources: the ``CUDAARCH_BUILT_FOR`` definition (the
  target's ``CUDA_ARCHITECTURES`` with ``,`` for ``;``, read when the build is generated) for
  :doc:`\<cudaarch/runtime.hpp> </runtime>`, where that names images (not ``OFF`` or a
  keyword); ``--threads`` (below). Targets that :command:`cudaarch_target_architectures`
  gave a list of their own, or the polyfill, get theirs instead.

  .. versionchanged:: 0.3
     The definition held the directory's list for every target without a
     :command:`cudaarch_target_architectures` list, also one with its own
     ``CUDA_ARCHITECTURES``; the polyfill's flags were directory options.
- The report: printed as ``-- CudaArch: …`` lines (unless ``CUDAARCH_QUIET=ON``) and written
  to ``<build>/cudaarch-report.txt`` — the request and its source, the resolved list with
  the nvcc version and path, each detected GPU marked native SASS / PTX JIT / cannot run
  (error 209), and whether PTX is embedded for forward compatibility. A detected GPU that
  only the PTX would serve cannot run the build when the PTX ISA of the nvcc is newer than
  the installed driver JIT-compiles (error 222, ``CUDA_ERROR_UNSUPPORTED_PTX_VERSION``; an
  ISA newer than the database counts as newer than every driver): the report names the
  driver it needs, or SASS for the GPU. From CMake 3.19, when
  the calling directory ends, each GPU gets one more line for the executables and shared
  libraries of its tree with separable compilation (``CUDA_SEPARABLE_COMPILATION`` on them or
  on a static library they link), per list they are built for, as ``cudaarch check`` will
  judge the linked file: ``GPU 0 NVIDIA H200 (9.0), separable compilation (app, solver):``
  ``native linked SASS (sm_90)``, ``JIT and load-time link of relocatable compute_80: …`` (the
  device link keeps no PTX, so PTX is linked at every process start), or ``cannot run this
  build: no kernel image (error 500, "named symbol not found"); …``. CMake 3.18 reports the
  whole-program lines only.

Where the request comes from
^^^^^^^^^^^^^^^^^^^^^^^^^^^^

First match wins (in detail: :doc:`resolution order </resolution-order>`):

0. PyTorch's CMake: when ``CMAKE_CUDA_ARCHITECTURES`` is ``OFF`` and ``CMAKE_CUDA_FLAGS``
   carries ``-gencode``/``-arch``/``-code`` flags, as ``find_package(Torch)`` leaves them,
   those flags are the request, its source named ``CMAKE_CUDA_FLAGS``. nvcc gets them
   whatever is set here, so nothing is added: ``CMAKE_CUDA_ARCHITECTURES`` stays ``OFF``,
   and no directory flags are set; the resolved list drives
   :command:`cudaarch_intersect`, ``VERIFY`` and the report
   (``CUDA architectures: 80-real;90a-real (nvcc 13.0, …), built by the flags in
   CMAKE_CUDA_FLAGS; CudaArch adds none``). To build kernels per target or per source, or to
   keep what ``POLICY WARN`` leaves out from nvcc, pass ``FROM_FLAGS``, which takes the flags
   out of ``CMAKE_CUDA_FLAGS`` (:doc:`migration </migration>`).

   .. versionadded:: 0.2
1. the user's explicit value: ``-DCUDAARCH_ARCHITECTURES=…`` (any notation, GPU names
   too) or ``-DCMAKE_CUDA_ARCHITECTURES=…`` (read in CMake's notation). The value CMake
   itself filled in when the CUDA language was enabled is not a user's choice. A user's
   ``OFF`` is kept as it is. Both set to different values is an error; so is either
   together with ``-DCUDAARCH_FLEET=<gpu>;…``, the user's fleet (with
   ``CUDAARCH_FLEET_OBJECTIVE`` and ``CUDAARCH_FLEET_PTX`` overriding the project's);
2. the ``CUDAARCHS`` environment variable, which initializes a build tree as in CMake: the
   first configure reads it, later ones keep what it set, and report a ``CUDAARCHS`` that
   differs as not applied;

   .. versionchanged:: 0.2
      Read again on every configure before; the user's cache entry is kept whatever the
      environment (:doc:`resolution order </resolution-order>`).
3. ``TORCH_CUDA_ARCH_LIST``, read in PyTorch's notation, when the project opts in with
   ``FROM_ENV TORCH_CUDA_ARCH_LIST``: the cache variable (``-DTORCH_CUDA_ARCH_LIST=…``),
   else the environment variable, which initializes a build tree by ``CUDAARCHS``'s rule:
   the first configure reads it, later ones keep what it set, and report one that differs
   as not applied. Without the opt-in, a set cache variable gets a warning that it is not
   read;

   .. versionchanged:: 0.3
      The environment variable was read again on every configure before.
4. ``DEFAULT`` or ``FLEET``;
5. ``native``, falling back to ``all-major`` on a machine without a GPU.

Call it before ``project()`` / ``enable_language(CUDA)``: CMake's compiler check then
builds the chosen architectures, and a user's value CMake cannot read (``native``
before 3.24, ``90a`` on 3.24, ``100f`` before 4.0.2, ``8.6``) never reaches it. A
project that must call it after ``project()`` keeps working for values CMake reads;
for the others, ``CudaArchBeforeProject.cmake`` in ``CMAKE_PROJECT_TOP_LEVEL_INCLUDES``
(CMake 3.24+), or included before ``project()``, sets them aside for this call.

With a toolchain file (``CMAKE_TOOLCHAIN_FILE``: vcpkg's, conan's), a call before
``project()`` waits until ``project()`` has read the file and runs there, before the compiler
check; CudaArch never reads a toolchain file itself. A call inside a ``function()`` sets its
results in the function only: when the directory ends (CMake 3.19+) that stops the configure,
``cudaarch_set_architectures was called inside a function(): …``.

Architecture flags beside the list
^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

nvcc builds the images of every ``-arch``, ``-gencode``/``--generate-code`` and
``-code``/``--gpu-code`` flag (also ``--gpu-architecture``, and each with ``=``) beside those
of ``CUDA_ARCHITECTURES``, so every CUDA file holds both. Such flags in ``CMAKE_CUDA_FLAGS``
(before ``project()``: what CMake will initialize it from, the ``CUDAFLAGS`` environment
variable and ``CMAKE_CUDA_FLAGS_INIT``), in ``CMAKE_CUDA_FLAGS_<CONFIG>`` of the configurations
built, or in the directory's compile options (literal or ``$<$<COMPILE_LANGUAGE:CUDA>:…>``) are
never silent: each place gets a warning naming the flags, the place and the fix, and the
report says what the files hold, its GPU lines and forward compatibility judged on that:

::

   -- CudaArch: CUDA architectures: 90a-real (nvcc 13.0, /usr/local/cuda/bin/nvcc)
   -- CudaArch: CUDA files hold 80;90a-real: the list and -arch=sm_80 in CMAKE_CUDA_FLAGS
   CMake Warning: cudaarch_set_architectures: '-arch=sm_80' in CMAKE_CUDA_FLAGS selects
   architectures beside the list 90a-real: nvcc builds both, so every CUDA file holds
   80;90a-real; remove them from CMAKE_CUDA_FLAGS, or pass FROM_FLAGS to
   cudaarch_set_architectures to take them as the request.

With the user's ``OFF`` the report line reads ``CUDA architectures: OFF (CudaArch adds none);
CUDA files hold 80-real: -gencode arch=compute_80,code=sm_80 in the CUDAFLAGS environment
variable``. When the calling directory ends (CMake 3.19+), each target of its tree built for a
list whose own compile options (``target_compile_options``) select architectures gets the same
warning and a report line (``target kernels: CUDA files hold 80;90-real: the list and -arch=sm_80
in the compile options of target kernels (target_compile_options)``).
:command:`cudaarch_target_architectures` with ``SUPPORTED``/``MINIMUM`` says the same of its
target and no longer calls an image "not built for" that the flags build. ``cmake.downstream.arch_flags`` builds each case and
reads the file with ``cudaarch inspect``.

.. versionchanged:: 0.3
   Such flags were silent beside a list, and before ``project()`` not seen at all.

Older CMake
^^^^^^^^^^^

The modules work from CMake 3.18. Keywords always reach CMake as numbers (``native`` needs
3.24 in CMake itself, ``all``/``all-major`` 3.23). Where CMake alone would reject or
mis-build a suffix — ``a`` on 3.24; ``f`` on 3.24 to 3.31.9, 4.0.0 and 4.0.1, as measured in
:doc:`CMake versions </cmake-versions>` — the polyfill works per target:

- the variable holds the closest value this CMake takes (``f`` as ``a`` from 3.25, else
  plain: ``80-real;100a-real`` for ``8.0 10.0f`` on 3.25), so that feature checks
  (``try_compile``, ``check_source_compiles``) build for the request's GPUs and a
  subproject's ``if(NOT CMAKE_CUDA_ARCHITECTURES)`` guard does not fire;
- when the calling directory ends (``cmake_language(DEFER)``), each target of its tree whose
  ``CUDA_ARCHITECTURES`` still holds that value gets ``OFF`` and the exact images as its own
  ``--generate-code=arch=…,code=…`` flags (nvcc's long spelling of ``-gencode``, which
  ccache would take for a debug option): CUDA compile options, and link options for the
  device-link step (``$<DEVICE_LINK:…>``) of targets with separable compilation or
  ``CUDA_RESOLVE_DEVICE_SYMBOLS``, with its ``CUDAARCH_BUILT_FOR``. Targets with a list of
  their own are left alone. CMake 3.18 never needs the polyfill (nor has the deferred call).

The report says so: ``CMake 3.25.1 cannot write 80-real;100f-real in CUDA_ARCHITECTURES:
CMAKE_CUDA_ARCHITECTURES=80-real;100a-real, the closest value it takes (what feature checks
and subprojects read); the targets that keep it get -gencode flags for 80-real;100f-real
instead``. ``tests/cmake/rdc`` checks the linked images of such targets on every CMake of
the matrix, ``cmake.downstream.polyfill`` a vendored library and a feature check.

.. versionchanged:: 0.3
   The variable was ``OFF`` and the flags directory options, which every target got on top
   of any list of its own.

VERIFY
^^^^^^

With ``VERIFY``, when the calling directory ends (``cmake_language(DEFER)``, CMake 3.19+),
every executable, shared and module library with ``.cu`` sources in it and below gets a
build step, run as part of the target ``cudaarch_verify`` (in ``ALL``), that reads the
linked file with ``cudaarch inspect`` and fails the build when an image the list promises is
missing:

::

   cudaarch_set_architectures: VERIFY: /…/build/app lacks sm_90a, which its CUDA architectures '90a-real' promise
   (linked SASS: sm_75). Its relocatable images (separable compilation) cannot stand in: the
   device link must be given the same architectures as the compile. See docs/troubleshooting.md.

- The list: the target's own from ``cudaarch_target_architectures`` (or the
  ``CUDA_ARCHITECTURES`` the project set that overrides it), else this command's when the
  target's ``CUDA_ARCHITECTURES`` is still the directory's value or the polyfill built it. Targets that set
  their architectures otherwise, or are ``EXCLUDE_FROM_ALL``, are left alone; the report
  names the checked targets, and those checked module by module (``VERIFY: 2 targets checked
  after each build (cudaarch_verify): _C;runner; module by module (architectures per source):
  _C``).
- SASS must be in the linked ``.nv_fatbin``; PTX may also be relocatable (the loader
  JIT-compiles it). Extra images pass; ``cudaarch_add_verify_test`` checks for an exact
  match.
- Where architecture flags (``-arch``, ``-gencode``, ``-code``) in ``CMAKE_CUDA_FLAGS``
  (also from ``CUDAFLAGS`` or ``CMAKE_CUDA_FLAGS_INIT``, the call before ``project()`` or
  after), ``CMAKE_CUDA_FLAGS_<CONFIG>``, the directory's or the target's compile options add
  images beside the list, the build passes with a warning that names what the file holds
  beyond the list, the flags and the fix:

  ::

     cudaarch_set_architectures: VERIFY: /…/build/app holds sm_80 compute_80 beside its list
     '90-real': they come from -arch=sm_80 in CMAKE_CUDA_FLAGS, which nvcc builds beside the
     list. To build the list alone, remove them from CMAKE_CUDA_FLAGS, or pass FROM_FLAGS to
     cudaarch_set_architectures to take them as the request; to keep them, put 80 in the list.

  The flags are those of the calling directory and each target's own options when the
  directory ends.

  .. versionchanged:: 0.3
     Images that such flags added passed unnamed.
- Then every module of the file, as the loader registers them (one per translation unit,
  a linked static or object library's too), must run on each GPU of the list (``8.0`` and
  ``9.0`` for ``80-real;90``), natively or by JIT-compiling its PTX, as
  :doc:`cudaarch check </cli/check>` judges it (``--gpu`` each capability, ``--driver`` the
  nvcc's CUDA release; the modules ``check`` sets aside, code built only for newer GPUs beside
  code that runs, stay aside). A library built for sm_80 only, linked into an ``80-real;90-real``
  program, fails the build although the file holds sm_90 for the program's own kernels:

  ::

     cudaarch_set_architectures: VERIFY: /…/build/app: every module must run on each GPU of
     '80-real;90-real' (8.0, 9.0), as `cudaarch check` judges it: the static library pre
     (/…/libpre.a) brings a module of sm_80 (pre_kernel(int*)), which does not run on 9.0 (no
     kernel image, error 209): rebuild pre for 9.0 as well (its own architectures), or link
     one built for 9.0. See docs/troubleshooting.md.

  The message names where each module came from, found by the kernels it holds: the
  target's own objects, a static library target it links (its file), an object library it
  links or takes as ``$<TARGET_OBJECTS:…>``, else a library linked by path or flag. A linked
  library's module with more images than the list asks passes, with a line
  ``-- cudaarch_set_architectures: VERIFY: note: /…/app: static library pre (/…/libpre.a): its
  module of sm_75 sm_80 sm_90 (pre_kernel(int*)) holds more images than the list asks, and runs
  on each GPU of the list: passes``.

  .. versionchanged:: 0.3
     The whole file was checked: a linked library's module that lacked a GPU passed when the
     program's own kernels had it.
- It needs the ``cudaarch`` tool (``CudaArch::cudaarch``, from a build or install tree with
  the CLI). Each check costs about two CMake start-ups and a ``cudaarch check`` run
  (:doc:`bench </bench>`) and reruns only when the file changes.
- Every generator: Ninja, Unix Makefiles, and multi-configuration ones, where each
  configuration's file is checked by that configuration's build (CMake 3.20+; also when
  Ninja Multi-Config builds several at once, ``CMAKE_CROSS_CONFIGS``).
- A target with architectures per source (:command:`cudaarch_source_architectures`) is
  checked module by module, as the loader registers them: each such source must be one
  module whose images are exactly its list's, and every other module of the target's own
  objects must hold exactly the target's list (or that of a static library it links);
  modules without a kernel (nvcc's link step) are left out, and those of other files (linked
  libraries) are judged as above, on the GPUs of the target's own list. A source's module is the one holding the kernels of its
  object file; where those are not known (no object of its own, compressed code), any module
  with exactly its images. Else the build
  fails with ``cudaarch_set_architectures: VERIFY: target _C (/…/lib_C.so): source scaled_mm_sm90.cu must be one
  module of exactly sm_90a (its list '90a-real'), and its module holds sm_80 sm_90a
  (scaled_mm(int*)). Give a source its architectures only with
  cudaarch_source_architectures: …`` (:doc:`troubleshooting </troubleshooting>`).
- With separable compilation the loader links every file's relocatable code into one module,
  so no source keeps images of its own: such a file is checked as a whole, every image of the
  target's and the sources' lists in its linked image. A target made separable after
  :command:`cudaarch_source_architectures` (which refuses one that is) lacks them, since its
  device link gets no architectures; the message then says to give those sources a target of
  their own.

  .. versionadded:: 0.2
     The module check of per-source targets.
- CMake 3.18: ``VERIFY`` stops with an error; call :command:`cudaarch_add_verify_test` per
  target instead.

Build time
^^^^^^^^^^

With two or more images and nvcc 11.2 or newer, CUDA compiles get ``--threads=N`` (N the
number of images capped at the cores; ``CUDAARCH_NVCC_THREADS=OFF`` opts out, a positive
number fixes N, anything else stops the configure naming the variable), and what keeps threads × jobs within the cores depends on the generator:

Makefiles with GNU make 4.4+, nvcc 13.0+
  CudaArch adds ``--threads=N --jobserver``: nvcc takes a token from make's ``-j`` for each
  extra thread. The report says ``nvcc --threads=N --jobserver per compile (GNU make 4.4.1
  shares its -j among all jobs)``.

Ninja, CMake 3.19+
  CudaArch adds ``--threads=N``, and the Ninja job pool ``cudaarch_nvcc`` (cores / N jobs) on
  the targets with ``.cu`` sources of this directory tree that have no pool of their own;
  C++-only targets are not limited. The report says ``nvcc --threads=N per compile; targets
  with CUDA sources compile P at a time (Ninja job pool cudaarch_nvcc), the others are not
  limited``.

Ninja, CMake 3.18
  Nothing: it cannot limit only the CUDA compiles. The report says ``nvcc --threads not
  used: …``.

Others (GNU make 4.3, Visual Studio, Xcode)
  CudaArch adds ``--threads=N``. The report says ``nvcc --threads=N per compile``.

Measured behaviour behind these rules: under GNU make 4.3, a recipe that is not a recursive
make gets ``MAKEFLAGS`` naming jobserver pipes it cannot open, and ``nvcc --jobserver``
stops with ``GNU Jobserver support requested, but an error occurred``; make 4.4 passes a
named fifo that any recipe can open. Ninja 1.13.2 (Kitware's build,
``1.13.2.git.kitware.jobserver-pipe-1``, as PyPI's ``ninja`` ships it) is a jobserver client
only: under it nvcc warns ``no compatible jobserver found. Ignoring '--jobserver'``.
Measured in :doc:`bench </bench>`.

The project's own Ninja pools stay as they are. ``cudaarch_nvcc`` is declared once for the
whole build, when the top-level directory ends (after the project's deferred calls too),
beside whatever the project declared: ``JOB_POOLS`` set before or after the call, with or
without ``APPEND``, or ``CMAKE_JOB_POOLS`` (``-DCMAKE_JOB_POOLS=link=1
-DCMAKE_JOB_POOL_LINK=link``), which CudaArch copies into ``JOB_POOLS`` since CMake reads it
only while that property is unset. A target with a compile pool of its own
(``JOB_POOL_COMPILE``, or ``CMAKE_JOB_POOL_COMPILE`` where it was created) keeps it. Several
calls (a vendored library, two subprojects) share the one pool, of the smallest size any of
them asks for (the report then says ``Ninja job pool cudaarch_nvcc: P at a time, the
smallest of the calls' sizes``); a pool the project itself names ``cudaarch_nvcc`` is left as
it is (``Ninja job pool cudaarch_nvcc: the project's own, P at a time``). ``cmake.downstream.two_calls``
and ``cmake.downstream.job_pools`` build each case with Ninja.

.. versionchanged:: 0.2
   Each call appended the pool to ``JOB_POOLS`` at once: two calls made Ninja refuse the
   build (``duplicate pool``), ``CMAKE_JOB_POOLS`` was ignored, and a later ``JOB_POOLS``
   without ``APPEND`` left targets naming a pool the build lacked.

Errors
^^^^^^

``cudaarch_set_architectures: unknown argument 'X'; usage: …``,
``… <KEYWORD> needs a value; usage: …`` (an empty string is no value),
``… VARIABLE must name one variable, not 'a;b'``,
``… unknown FROM_ENV value '…'; FROM_ENV values: TORCH_CUDA_ARCH_LIST.``,
``… <source> '<request>' names no architecture; …`` and
``… POLICY WARN left out every architecture, …`` (nothing left to build),
``… give CUDAARCH_ARCHITECTURES='…' or CMAKE_CUDA_ARCHITECTURES='…', not both``,
``… the user's CUDAARCH_ARCHITECTURES '0' names no architecture; …`` (``0``, ``NO``,
``FALSE``: CMake reads them as no flags in ``CMAKE_CUDA_ARCHITECTURES``, but CudaArch's
variable takes ``OFF`` for that), ``… CUDAARCH_NVCC_THREADS is '-3': give a positive number
of nvcc threads per compile, or OFF for none``,
and resolution errors prefixed with where the request came from:
``cudaarch_set_architectures: the user's CUDAARCH_ARCHITECTURES '5.2': '5.2' is not supported by nvcc 13.0 (…)…``.

Placement
^^^^^^^^^

Before ``project()`` (or ``enable_language(CUDA)``): CMake's compiler check then builds the
resolved list, and a user's value CMake cannot read never reaches it. After ``project()``,
values CMake reads work as before; for the others (``native`` before 3.24, ``90a`` on 3.24,
``100f`` on 3.24 to 4.0.1, any other notation), pass
``-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=<CudaArch>/cmake/CudaArchBeforeProject.cmake`` (CMake
3.24+) or include that file before ``project()``: it sets the value aside for this call
(:doc:`getting started </getting-started>`).

Examples
^^^^^^^^

.. code-block:: cmake

   cmake_minimum_required(VERSION 3.18)
   find_package(CudaArch REQUIRED)
   cudaarch_set_architectures(DEFAULT native NATIVE_FALLBACK all-major FROM_ENV TORCH_CUDA_ARCH_LIST)
   project(app LANGUAGES CXX CUDA)
   add_library(kernels kernels.cu)
#]=======================================================================]
function(cudaarch_set_architectures)
  _cudaarch_toolchain_pending(pending)
  if(pending)
    # The toolchain file's CMAKE_CUDA_ARCHITECTURES is the user's value, and reading the file
    # here would run it twice (vcpkg's then wraps find_package twice): the call runs once
    # project() has read it, before the compiler check.
    _cudaarch_wait_for_toolchain(_cudaarch_set_architectures_after_toolchain "${ARGV}")
    return()
  endif()
  _cudaarch_parse_arguments(cudaarch_set_architectures ${ARGC}
    usage "cudaarch_set_architectures([DEFAULT <spec>... | FLEET <gpu>... [OBJECTIVE minimal|exact] [FLEET_PTX]] \
[NATIVE_FALLBACK <spec>|ERROR] [POLICY ERROR|WARN|CLAMP] [FROM_ENV TORCH_CUDA_ARCH_LIST] [FROM_FLAGS] [NATIVE_PTX] \
[COMPILER <nvcc>] [VARIABLE <var>] [VERIFY] [REQUIRED])"
    options NATIVE_PTX FLEET_PTX FROM_FLAGS VERIFY REQUIRED one_value NATIVE_FALLBACK POLICY FROM_ENV COMPILER VARIABLE OBJECTIVE
    multi_value DEFAULT FLEET variables VARIABLE)
  _cudaarch_choice(from_env cudaarch_set_architectures FROM_ENV "${arg_FROM_ENV}" "" TORCH_CUDA_ARCH_LIST)
  _cudaarch_detect_hooks(hooks "${_CUDAARCH_DETECT_PROBE_COMMAND}" "${_CUDAARCH_DETECT_PROC_ROOT}")
  set(variable CMAKE_CUDA_ARCHITECTURES)
  if(arg_VARIABLE)
    set(variable "${arg_VARIABLE}")
  endif()

  # Every input of the request, read once (_cudaarch_request_inputs): the fields in_*.
  _cudaarch_request_inputs(in FROM_ENV "${from_env}" FROM_FLAGS "${arg_FROM_FLAGS}" FLEET "${arg_FLEET}"
    DEFAULT "${arg_DEFAULT}" OBJECTIVE "${arg_OBJECTIVE}" FLEET_PTX "${arg_FLEET_PTX}")
  _cudaarch_pick_request(request source dialect fleet flags flags_left cudaarch_set_architectures in)
  if(flags STREQUAL "taken")
    # FROM_FLAGS: the flags are the request, and nvcc must see none of them beside its list.
    _cudaarch_take_flags("${flags_left}")
    set(CMAKE_CUDA_FLAGS "${flags_left}" PARENT_SCOPE)
  endif()
  if(arg_NATIVE_FALLBACK STREQUAL "")
    set(arg_NATIVE_FALLBACK all-major)
  endif()
  _cudaarch_optional_without_nvcc(absent cudaarch_set_architectures "${arg_COMPILER}" "${arg_REQUIRED}"
    "${request}" "${source}")
  if(absent)
    return()  # optional CUDA on a machine without nvcc: check_language(CUDA) decides
  endif()
  if(fleet)
    # The images the fleet needs, resolved below like any request in CMake's notation.
    _cudaarch_apply_fleet(request cudaarch_set_architectures in "${source}" "${fleet}" "${arg_COMPILER}" "${hooks}")
    set(dialect CMAKE)
  elseif(request MATCHES "^(OFF|FALSE|NO|0)$")
    # The user asked CMake to pass no architecture flags at all; nothing to resolve.
    _cudaarch_report_off("${request}")
    if(variable STREQUAL "CMAKE_CUDA_ARCHITECTURES")
      set(${variable} "${request}" PARENT_SCOPE)
    else()
      set(${variable} "" PARENT_SCOPE)  # VARIABLE holds a list, and there is none
    endif()
    return()
  endif()
  _cudaarch_apply_resolve(list model cudaarch_set_architectures "${source}" "${request}" "${arg_COMPILER}"
    "${arg_POLICY}" "${dialect}" "${arg_NATIVE_FALLBACK}" "${arg_NATIVE_PTX}" "${hooks}")

  _cudaarch_directory_value(value cudaarch_set_architectures "${list}" "${model}" "${variable}" "${arg_COMPILER}"
    "${flags}" "${hooks}" "${_CUDAARCH_LOGICAL_CORES}")
  # Results that stay in a function()'s scope are an error, not a report the build ignores.
  set(result "${list}")  # VARIABLE is never OFF: the polyfill's flags are the directory's already.
  if(variable STREQUAL "CMAKE_CUDA_ARCHITECTURES")
    set(result "${value}")
  endif()
  _cudaarch_check_scope_later(probe cudaarch_set_architectures "${variable}" "${result}")
  set(${probe} TRUE PARENT_SCOPE)
  _cudaarch_check_target_flags_later(cudaarch_set_architectures "${list}" "${value}")
  if(arg_VERIFY)
    _cudaarch_verify_tree_later(cudaarch_set_architectures "${list}" "${value}")
  endif()

  set_property(GLOBAL PROPERTY _CUDAARCH_SET_VALUE "${value}")
  if(variable STREQUAL "CMAKE_CUDA_ARCHITECTURES")
    _cudaarch_keep_before_project(in)
  endif()
  set(${variable} "${result}" PARENT_SCOPE)
  set(CUDAARCH_ARCHITECTURES_RESOLVED "${list}" PARENT_SCOPE)
endfunction()

# variable_watch's callback once project() has read the toolchain file (CMake sets
# CMAKE_SYSTEM_LOADED then): the calls made before it run now, in the directory's scope, and
# their results reach it.
function(_cudaarch_set_architectures_after_toolchain variable access)
  get_property(count GLOBAL PROPERTY _CUDAARCH_PENDING_CALLS)
  if(NOT access MATCHES "MODIFIED_ACCESS$" OR NOT count)
    return()
  endif()
  set_property(GLOBAL PROPERTY _CUDAARCH_PENDING_CALLS 0)
  set(results CMAKE_CUDA_ARCHITECTURES CUDAARCH_ARCHITECTURES_RESOLVED)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    get_property(call GLOBAL PROPERTY _CUDAARCH_PENDING_CALL_${i})
    cudaarch_set_architectures(${call})
    get_property(probe GLOBAL PROPERTY _CUDAARCH_SET_CALLS)  # the call's scope probe
    list(APPEND results _CUDAARCH_SCOPE_PROBE_${probe})
    if(call MATCHES "(^|;)VARIABLE;([^;]+)")
      list(APPEND results "${CMAKE_MATCH_2}")
    endif()
    if(call MATCHES "(^|;)FROM_FLAGS(;|$)")
      list(APPEND results CMAKE_CUDA_FLAGS)  # the value without the flags it took
    endif()
  endforeach()
  foreach(name IN LISTS results)
    if(DEFINED ${name})
      set(${name} "${${name}}" PARENT_SCOPE)
    endif()
  endforeach()
endfunction()

# Included before project(): what the toolchain file sets CMAKE_CUDA_ARCHITECTURES to is seen
# as it is read, also where the call comes after project().
_cudaarch_watch_toolchain()
cmake_policy(POP)
