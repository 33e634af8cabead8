# SPDX-License-Identifier: Apache-2.0
# The report says when the GPUs came from the machine-wide detection cache, not a probe: a
# first configure (cold) probes and fills the cache, a second one (warm) of a fresh build
# tree reads it. No PCI bus either: a host's GPUs on the bus would answer for the missing driver.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set(machine ENV "CUDAARCH_DETECT_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/machine" ARGS -DDEFAULT=86)
message(STATUS "CONFIGURE cold")
set_architectures_case(${machine})
message(STATUS "CONFIGURE warm")
set_architectures_case(${machine})
