# SPDX-License-Identifier: Apache-2.0
# Internal: which image of a build a GPU runs, the CMake twin of runs_on() in
# src/cudaarch/compat.cpp (tests/vectors/runs_on.tsv pins both): native SASS, PTX JIT, none,
# or PTX whose ISA the GPU's driver cannot JIT-compile. The report (report.cmake) words the
# verdicts; fleet selection (select.cmake) weighs them.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/database.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/driver_jit.cmake")

# Whether a cubin of <image> (a number with its suffix: 90a) loads on a GPU of capability
# <gpu> (90), the SASS rule of runs_on() and sass_fits() in src/cudaarch/compat.cpp: same
# major, minor not above the GPU's, Tegra and desktop apart; 'a' images, and every image on a
# Tegra GPU, only on their own capability.
function(_cudaarch_sass_fits out_var image gpu)
  _cudaarch_load_database()
  string(REGEX MATCH "^([0-9]+)([0-9])([af]?)$" ignored "${image}")
  set(major ${CMAKE_MATCH_1})
  set(minor ${CMAKE_MATCH_2})
  set(suffix "${CMAKE_MATCH_3}")
  math(EXPR gpu_major "${gpu} / 10")
  math(EXPR gpu_minor "${gpu} % 10")
  get_property(tegra GLOBAL PROPERTY _CUDAARCH_CC_${major}${minor}_TEGRA)
  get_property(gpu_tegra GLOBAL PROPERTY _CUDAARCH_CC_${gpu}_TEGRA)
  set(fits FALSE)
  if(tegra STREQUAL gpu_tegra AND major EQUAL gpu_major AND NOT minor GREATER gpu_minor
     AND (minor EQUAL gpu_minor OR NOT (suffix STREQUAL "a" OR gpu_tegra)))
    set(fits TRUE)
  endif()
  set(${out_var} ${fits} PARENT_SCOPE)
endfunction()

# Which image of <list> a GPU of capability <gpu> (a number, 90) runs, as the C++ runs_on()
# decides (tests/vectors/runs_on.tsv): verdict native, jit or none, and the image (90a).
# Targets with separable compilation, device-linked for the same list, get the same verdict
# (tests/unit/compat_test.cpp, RunsOn.RdcProgramOfTheSameList): their PTX is JIT-compiled and
# linked at load, and "none" shows as error 500 instead of 209.
function(_cudaarch_runs_on out_verdict out_image list gpu)
  _cudaarch_load_database()
  get_property(gpu_tegra GLOBAL PROPERTY _CUDAARCH_CC_${gpu}_TEGRA)
  math(EXPR gpu_major "${gpu} / 10")
  math(EXPR gpu_minor "${gpu} % 10")
  set(native "")
  set(jit "")
  foreach(entry IN LISTS list)
    if(NOT entry MATCHES "^([0-9]+)([0-9])([af]?)(-real|-virtual)?$")
      continue()
    endif()
    set(major ${CMAKE_MATCH_1})
    set(minor ${CMAKE_MATCH_2})
    set(suffix "${CMAKE_MATCH_3}")
    set(kind "${CMAKE_MATCH_4}")
    get_property(tegra GLOBAL PROPERTY _CUDAARCH_CC_${major}${minor}_TEGRA)
    set(same_kind FALSE)
    if(tegra STREQUAL gpu_tegra)
      set(same_kind TRUE)
    endif()
    set(at_or_below FALSE)
    if(major LESS gpu_major OR (major EQUAL gpu_major AND NOT minor GREATER gpu_minor))
      set(at_or_below TRUE)
    endif()
    if(NOT kind STREQUAL "-virtual")
      _cudaarch_sass_fits(fits "${major}${minor}${suffix}" "${gpu}")
      if(fits)
        set(native "${major}${minor}${suffix}")
      endif()
    endif()
    if(NOT kind STREQUAL "-real" AND at_or_below
       AND (suffix STREQUAL "" OR (suffix STREQUAL "a" AND major EQUAL gpu_major AND minor EQUAL gpu_minor)
            OR (suffix STREQUAL "f" AND major EQUAL gpu_major AND same_kind)))
      set(jit "${major}${minor}${suffix}")
    endif()
  endforeach()
  if(native)
    set(${out_verdict} native PARENT_SCOPE)
    set(${out_image} "${native}" PARENT_SCOPE)
  elseif(jit)
    set(${out_verdict} jit PARENT_SCOPE)
    set(${out_image} "${jit}" PARENT_SCOPE)
  else()
    set(${out_verdict} none PARENT_SCOPE)
    set(${out_image} "" PARENT_SCOPE)
  endif()
endfunction()

# _cudaarch_runs_on on a GPU whose <driver> is known, for a build whose PTX has ISA <isa>
# (empty: newer than every release in the database): a PTX JIT that the driver cannot do
# (_cudaarch_driver_jits says no) is verdict unsupported-ptx, error 222
# (CUDA_ERROR_UNSUPPORTED_PTX_VERSION), as `cudaarch check` judges it
# (tests/vectors/runs_on.tsv, the rows with a driver).
function(_cudaarch_runs_on_driver out_verdict out_image list gpu driver isa)
  _cudaarch_runs_on(verdict image "${list}" "${gpu}")
  if(verdict STREQUAL "jit" AND NOT driver STREQUAL "")
    _cudaarch_driver_jits(jits "${driver}" "${isa}")
    if(jits STREQUAL "no")
      set(verdict unsupported-ptx)
    endif()
  endif()
  set(${out_verdict} "${verdict}" PARENT_SCOPE)
  set(${out_image} "${image}" PARENT_SCOPE)
endfunction()

# The PTX ISA of nvcc <nvcc_version> (13.5.37) in <out_isa>, empty when it is newer than
# the database; <out_known> is FALSE for no nvcc or one older than the database.
function(_cudaarch_nvcc_ptx_isa out_isa out_known nvcc_version)
  _cudaarch_load_database()
  string(REGEX MATCH "^[0-9]+\\.[0-9]+" release "${nvcc_version}")
  string(REPLACE "." "_" id "${release}")
  get_property(isa GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_PTX)
  get_property(releases GLOBAL PROPERTY _CUDAARCH_CUDA_RELEASES)
  list(GET releases 0 first)
  set(known TRUE)
  if(release STREQUAL "" OR release VERSION_LESS first)
    set(known FALSE)
  endif()
  set(${out_isa} "${isa}" PARENT_SCOPE)
  set(${out_known} ${known} PARENT_SCOPE)
endfunction()
