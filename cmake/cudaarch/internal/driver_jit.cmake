# SPDX-License-Identifier: Apache-2.0
# Internal: which PTX a driver JIT-compiles, the CMake twin of driver_jits() and its helpers
# in src/cudaarch/compat.cpp (tests/vectors/driver_jit.tsv and runs_on.tsv pin both).
# PTX whose ISA is newer than the driver's newest cannot be JIT-compiled: error 222,
# CUDA_ERROR_UNSUPPORTED_PTX_VERSION. A driver is a driver version (580.65.06, or the
# branch 580) or the CUDA version it reports (13.0): a first number below 100.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/database.cmake")

# Whether <driver> takes the PTX of CUDA <release>: a CUDA version at least the release, or
# a driver version at least the release's minimum driver (unknown when it ships none). A
# branch alone (580) stands for its releases, whose first is the minimum driver of the
# release the branch came with: 580 takes CUDA 13.0's PTX (the PTX ISA manual names r580).
function(_cudaarch_driver_supports out_var driver release)
  string(REPLACE "." "_" id "${release}")
  get_property(minimum GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_DRIVER)
  set(supports FALSE)
  if(driver MATCHES "^([0-9]+)" AND CMAKE_MATCH_1 LESS 100)
    if(NOT release VERSION_GREATER driver)
      set(supports TRUE)
    endif()
  elseif(minimum MATCHES "^([0-9]+)")
    set(branch "${CMAKE_MATCH_1}")
    if(driver MATCHES "^[0-9]+$")
      if(NOT driver LESS branch)
        set(supports TRUE)
      endif()
    elseif(NOT driver VERSION_LESS minimum)
      set(supports TRUE)
    endif()
  endif()
  set(${out_var} ${supports} PARENT_SCOPE)
endfunction()

# The first release that emits PTX ISA <isa> (its driver is the oldest that JIT-compiles
# it), or empty when <isa> is newer than every release in the database. An empty <isa>
# stands for such an ISA (an nvcc newer than the database).
function(_cudaarch_release_for_ptx_isa out_var isa)
  set(${out_var} "" PARENT_SCOPE)
  if(isa STREQUAL "")
    return()
  endif()
  _cudaarch_load_database()
  get_property(releases GLOBAL PROPERTY _CUDAARCH_CUDA_RELEASES)
  foreach(release IN LISTS releases)
    string(REPLACE "." "_" id "${release}")
    get_property(ptx GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_PTX)
    if(NOT isa VERSION_GREATER ptx)
      set(${out_var} "${release}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# The newest release whose PTX ISA <driver> JIT-compiles, or empty for none.
function(_cudaarch_newest_jit_release out_var driver)
  _cudaarch_load_database()
  get_property(releases GLOBAL PROPERTY _CUDAARCH_CUDA_RELEASES)
  set(newest "")
  foreach(release IN LISTS releases)
    _cudaarch_driver_supports(supports "${driver}" "${release}")
    if(supports)
      set(newest "${release}")
    endif()
  endforeach()
  set(${out_var} "${newest}" PARENT_SCOPE)
endfunction()

# Whether <driver> JIT-compiles PTX ISA <isa> (empty: newer than the database knows): yes,
# no (error 222) or unknown (an ISA or a driver newer than the database can place).
function(_cudaarch_driver_jits out_var driver isa)
  _cudaarch_load_database()
  get_property(releases GLOBAL PROPERTY _CUDAARCH_CUDA_RELEASES)
  set(is_cuda FALSE)
  if(driver MATCHES "^([0-9]+)" AND CMAKE_MATCH_1 LESS 100)
    set(is_cuda TRUE)
  endif()
  _cudaarch_release_for_ptx_isa(needed "${isa}")
  if(NOT needed STREQUAL "")
    string(REPLACE "." "_" id "${needed}")
    get_property(minimum GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_DRIVER)
    if(is_cuda OR NOT minimum STREQUAL "")
      _cudaarch_driver_supports(supports "${driver}" "${needed}")
      set(answer no)
      if(supports)
        set(answer yes)
      endif()
      set(${out_var} ${answer} PARENT_SCOPE)
      return()
    endif()
  endif()
  # An ISA newer than the database knows needs a driver newer than every release in it; a
  # release without a minimum driver (13.4 ships none) needs at least its predecessors'.
  # Either way a driver that misses an older ISA's first release cannot take this one.
  set(previous_ptx "")
  foreach(release IN LISTS releases)
    if(NOT needed STREQUAL "" AND release VERSION_GREATER needed)
      break()
    endif()
    string(REPLACE "." "_" id "${release}")
    get_property(ptx GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_PTX)
    get_property(minimum GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_DRIVER)
    _cudaarch_driver_supports(supports "${driver}" "${release}")
    if(NOT ptx STREQUAL previous_ptx AND (is_cuda OR NOT minimum STREQUAL "") AND NOT supports)
      set(${out_var} no PARENT_SCOPE)
      return()
    endif()
    set(previous_ptx "${ptx}")
  endforeach()
  # Newer than every release the database knows (a CUDA version) or can place (a driver).
  list(GET releases -1 last)
  if(is_cuda AND needed STREQUAL "" AND NOT driver VERSION_GREATER last)
    set(${out_var} no PARENT_SCOPE)
    return()
  endif()
  set(${out_var} unknown PARENT_SCOPE)
endfunction()
