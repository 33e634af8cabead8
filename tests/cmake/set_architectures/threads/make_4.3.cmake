# SPDX-License-Identifier: Apache-2.0
# Under a Makefile generator, nvcc 13.0 shares GNU make 4.4's jobserver; make 4.3's cannot
# be shared. A fake make says which version it is.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/make.in" "#!/bin/sh\necho 'GNU Make 4.3'\n")
file(COPY "${CMAKE_CURRENT_BINARY_DIR}/make.in" DESTINATION "${CMAKE_CURRENT_BINARY_DIR}/fake-make"
     FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
set_architectures_case(ARGS -G "Unix Makefiles" "-DCMAKE_MAKE_PROGRAM=${CMAKE_CURRENT_BINARY_DIR}/fake-make/make.in"
                       -DDEFAULT=all-major -DCUDAARCH_NVCC_THREADS=3)
