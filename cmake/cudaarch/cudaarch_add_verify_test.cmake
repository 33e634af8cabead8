# SPDX-License-Identifier: Apache-2.0
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/internal/arguments.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/notation.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/targets.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/internal/verify.cmake")

#[=======================================================================[.rst:
cudaarch_add_verify_test
------------------------

.. versionadded:: 0.1

.. command:: cudaarch_add_verify_test

  Adds a CTest test that lists the SASS and PTX images in the file a target builds, with
  :doc:`cudaarch verify </cli/verify>`, and fails when they are not exactly the architectures
  the target asked for.

Synopsis
^^^^^^^^

.. code-block:: cmake

   cudaarch_add_verify_test(<target> [EXPECT <spec>...] [NAME <test>])

Arguments
^^^^^^^^^

``<target>``
   an executable, shared, module or static library target with CUDA device code
``EXPECT <spec>...``
   the architectures the file must hold, in any notation (``80-real 90``, ``"8.0 9.0a"``,
   ``sm_90a``). Default: the target's resolved list (`below <#the-resolved-list>`__)
``NAME <test>``
   the test's name. Default: ``cudaarch_verify_<target>``

Results
^^^^^^^

A test named ``NAME`` that fails when the file's images differ from ``<spec>``. No variable
is set.

For a static library, an ``IMPORTED`` target, with ``EXPECT``, and with CMake 3.18, the test
runs ``$<TARGET_FILE:CudaArch::cudaarch> verify --expect <spec> $<TARGET_FILE:<target>>``:
``EXPECT`` names the images of the whole file, which may join several lists (a linked library's
own ``90a-real`` beside the target's ``121``), so it says no list each module must serve.
Without ``EXPECT``, for an executable, shared or module library, whose file also holds the
modules of the libraries it links, the test (CMake 3.19+) runs ``cmake -P`` on CudaArch's script that judges the
modules as ``VERIFY`` of :command:`cudaarch_set_architectures` does: each module must run on
each GPU of ``<spec>`` (``cudaarch check``), naming a linked library's module that does not
(``cudaarch_add_verify_test: /…/app: every module must run on each GPU of '80-real;90-real'
(8.0, 9.0), as `cudaarch check` judges it: the static library pre (/…/libpre.a) brings a module
of sm_80 (pre_kernel(int*)), which does not run on 9.0 …``); then ``cudaarch verify`` compares
the whole file, where images that only linked libraries' modules hold are not extra
(``/…/app: matches sm_80, and linked libraries hold more``, and a note names the library).
The libraries the target links are read when the calling directory ends (CMake 3.19+, where
the module check runs), so a library linked after the command is named as one.

Where architecture flags (``-arch``, ``-gencode``, ``-code``) in ``CMAKE_CUDA_FLAGS``, the
directory's or the target's compile options add images beside the list, the file holds both,
and the test of a linked file without ``EXPECT`` (CMake 3.19+) says so before it fails on
them (the other tests print ``extra: sm_80 compute_80``): ``CMake Warning:
cudaarch_add_verify_test: /…/app holds sm_80 compute_80 beside its list '90-real': they come
from -arch=sm_80 in CMAKE_CUDA_FLAGS, which nvcc builds beside the list. To build the list
alone, remove them from CMAKE_CUDA_FLAGS, or pass FROM_FLAGS to cudaarch_set_architectures to
take them as the request; to keep them, put 80 in the list.`` The flags are those of the
calling directory and the target's options when that directory ends.

.. versionchanged:: 0.3
   A linked library's images beyond ``<spec>`` failed the test (``extra: sm_75 sm_90``), and
   one that lacked a GPU of ``<spec>`` passed where the target's own kernels had it. A
   library linked after the command counted as the target's own, and images that flags
   added were named without them.

``CudaArch::cudaarch`` exists after ``find_package(CudaArch)`` from a build or install tree
that has the CLI, and after ``add_subdirectory(<CudaArch>)``.

The resolved list
^^^^^^^^^^^^^^^^^

1. The target property ``CUDAARCH_ARCHITECTURES``, a CMAKE-format list
   (``cudaarch_set_architectures`` / ``cudaarch_target_architectures`` set it), with the
   lists of its sources from :command:`cudaarch_source_architectures` merged in: the file
   holds them all. (The test compares the whole file; ``VERIFY`` of
   :command:`cudaarch_set_architectures` checks such a target module by module.)
2. Else the target's ``CUDA_ARCHITECTURES`` (``80-real;90``; initialised from
   ``CMAKE_CUDA_ARCHITECTURES``).

Read when the build is generated, after the configure's deferred passes: a
``CUDA_ARCHITECTURES`` the project set after :command:`cudaarch_target_architectures`
(CMake 3.19+) is the target's list, and where the polyfill applies
(:command:`cudaarch_set_architectures`) the target's list is the request's, not the closest
value that ``CMAKE_CUDA_ARCHITECTURES`` holds.

.. versionchanged:: 0.3
   Under the polyfill the target's ``CUDA_ARCHITECTURES`` was ``OFF``, and a test without
   ``EXPECT`` stopped the configure.

A keyword (``all``, ``all-major``, ``native``) or a generator expression there names no
fixed list and is an error that asks for ``EXPECT``; so is a target with neither property
(or ``CUDA_ARCHITECTURES`` ``OFF``).

Errors
^^^^^^

All at configure time, with ``message(FATAL_ERROR)``:
``cudaarch_add_verify_test: missing <target>; usage: …``, ``… '<name>' is not a target``,
``… unknown argument 'X'; usage: …``, ``… NAME needs a value; usage: …`` (also ``EXPECT``),
``… EXPECT: <why the spec cannot be read>`` (read at configure time, not when the test
runs), ``… '<target>' is a <TYPE>, which builds no single file to inspect``,
``… the test needs the cudaarch tool (target CudaArch::cudaarch): …``,
``… <property> of '<target>' is '<value>', which names no fixed list; pass EXPECT <spec>...``,
``… '<target>' has no CUDAARCH_ARCHITECTURES or CUDA_ARCHITECTURES; pass EXPECT <spec>...``.

Examples
^^^^^^^^

.. code-block:: cmake

   find_package(CudaArch REQUIRED)
   enable_testing()
   add_library(kernels STATIC a.cu)
   set_target_properties(kernels PROPERTIES CUDA_ARCHITECTURES "80-real;90")
   cudaarch_add_verify_test(kernels)                      # expects sm_80 sm_90 compute_90
   cudaarch_add_verify_test(kernels EXPECT 80-real 90a-real NAME kernels_hopper)

``ctest -V -R kernels_hopper`` then fails with

::

   <build>/libkernels.a: differs from sm_80 sm_90a
     missing: sm_90a
     extra: sm_90 compute_90

Note that a static library target linking an object library built for other architectures
(as ``kernels/`` links its ``90a-real`` Hopper file) holds those images too; name them in
``EXPECT``.
#]=======================================================================]
function(cudaarch_add_verify_test)
  _cudaarch_parse_arguments(cudaarch_add_verify_test ${ARGC}
    usage "cudaarch_add_verify_test(<target> [EXPECT <spec>...] [NAME <test>])"
    leading TARGET one_value NAME multi_value EXPECT)
  set(target "${arg_TARGET}")
  _cudaarch_check_target(cudaarch_add_verify_test "${target}" FILE)
  _cudaarch_cli_file(cudaarch cudaarch_add_verify_test "the test")
  if(NOT arg_EXPECT STREQUAL "")
    # Read now, so that a wrong spec stops the configure rather than fails the test.
    _cudaarch_format_impl(parsed warnings error CMAKE "" "${arg_EXPECT}")
    if(error)
      message(FATAL_ERROR "cudaarch_add_verify_test: EXPECT: ${error}")
    elseif(parsed STREQUAL "")
      message(FATAL_ERROR "cudaarch_add_verify_test: EXPECT '${arg_EXPECT}' names no architecture")
    endif()
    string(REPLACE ";" " " spec "${parsed}")
  else()
    _cudaarch_verify_expected(expected "${target}")
    _cudaarch_verify_expected_later(spec "${target}" "${expected}")
  endif()
  set(name "${arg_NAME}")
  if(name STREQUAL "")
    set(name "cudaarch_verify_${target}")
  endif()
  get_target_property(type "${target}" TYPE)
  get_target_property(imported "${target}" IMPORTED)
  # A static library holds no other library's modules, an imported file's objects and
  # libraries are not known, EXPECT names the whole file's images (several lists, where a
  # linked library has its own), not one list that each module must serve, and the module
  # check (string(JSON)) needs CMake 3.19 to run.
  if(type STREQUAL "STATIC_LIBRARY" OR imported OR NOT arg_EXPECT STREQUAL "" OR CMAKE_VERSION VERSION_LESS 3.19)
    add_test(NAME "${name}" COMMAND "${cudaarch}" verify --expect "${spec}" "$<TARGET_FILE:${target}>")
    return()
  endif()
  # A linked file: module by module, as VERIFY judges it (verify_linked.cmake).
  _cudaarch_verify_origin_arguments(origin_arguments "${target}")
  _cudaarch_verify_module_arguments(module_arguments "${target}")
  _cudaarch_verify_flag_arguments(flag_arguments "${target}")
  _cudaarch_verify_linked_later(arguments "${target}" ${origin_arguments} ${module_arguments} ${flag_arguments})
  add_test(NAME "${name}" COMMAND "${CMAKE_COMMAND}" -DMODE=test -DCOMMAND=cudaarch_add_verify_test
                                  "-DCUDAARCH=${cudaarch}" "-DFILE=$<TARGET_FILE:${target}>" "-DEXPECT=${spec}"
                                  ${arguments}
                                  -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/internal/verify_linked.cmake")
endfunction()

# <out_var> = the spec the test expects, read when the build is generated, after the
# configure's deferred passes: the target's CUDAARCH_ARCHITECTURES (also a CUDA_ARCHITECTURES
# the project set that overrides it, _cudaarch_own_list_settle), else the list the polyfill
# built (_CUDAARCH_POLYFILLED, where CMAKE_CUDA_ARCHITECTURES holds the closest value this
# CMake takes), else <expected>, what the target holds now; items parted by spaces.
function(_cudaarch_verify_expected_later out_var target expected)
  get_target_property(per_source "${target}" CUDAARCH_SOURCE_ARCHITECTURES)
  if(per_source)  # its sources' lists merged in now (_cudaarch_target_list)
    string(REPLACE ";" " " spec "${expected}")
    set(${out_var} "${spec}" PARENT_SCOPE)
    return()
  endif()
  set(own "$<TARGET_PROPERTY:${target},CUDAARCH_ARCHITECTURES>")
  set(polyfilled "$<TARGET_PROPERTY:${target},_CUDAARCH_POLYFILLED>")
  set(${out_var} "$<JOIN:$<IF:$<BOOL:${own}>,${own},$<IF:$<BOOL:${polyfilled}>,${polyfilled},${expected}>>, >" PARENT_SCOPE)
endfunction()

# The architectures <target> resolved to: CUDAARCH_ARCHITECTURES (with its sources' lists),
# else CUDA_ARCHITECTURES.
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
  get_target_property(per_source "${target}" CUDAARCH_SOURCE_ARCHITECTURES)
  if(property STREQUAL "CUDAARCH_ARCHITECTURES" AND per_source)
    _cudaarch_target_list(value "${target}" "" "")
  endif()
  set(${out_var} "${value}" PARENT_SCOPE)
endfunction()
cmake_policy(POP)
