# SPDX-License-Identifier: Apache-2.0
# Doctored listings, as the runs of two matrix folders would leave them: on 3.25 the vendored
# library of polyfill holds the images issue 45 found there (its own guard's sm_75 and sm_86
# beside the request), on 4.4 polyfill lists no libown.so, every_source@4.4 built nothing,
# own_list@4.4 built a file the reference did not, and a known difference (own_list's
# before@3.18) differs no more. Each is named, with its test, case, file and both sides' images.
set(work "${CMAKE_CURRENT_BINARY_DIR}/work")
file(REMOVE_RECURSE "${work}")
set(polyfill "vendored/libvendored.so sm_100f\nvendored/libvendored.so sm_80\nlibown.so sm_100f\nlibown.so sm_80\n")
file(WRITE "${work}/polyfill/polyfill/images.txt" "${polyfill}")
file(WRITE "${work}/polyfill@3.25/polyfill/images.txt"
  "vendored/libvendored.so sm_100f\nvendored/libvendored.so sm_75\nvendored/libvendored.so sm_80\nvendored/libvendored.so sm_86\nlibown.so sm_100f\nlibown.so sm_80\n")
file(WRITE "${work}/polyfill@4.4/polyfill/images.txt" "vendored/libvendored.so sm_100f\nvendored/libvendored.so sm_80\n")
file(WRITE "${work}/every_source/every_source/images.txt" "CMakeFiles/ops.dir/own.cu.o sm_80\n")
file(MAKE_DIRECTORY "${work}/every_source@4.4/every_source")
file(WRITE "${work}/own_list/before/images.txt" "libbefore.so sm_86\n")
file(WRITE "${work}/own_list@3.18/before/images.txt" "libbefore.so sm_86\n")
file(WRITE "${work}/own_list@4.4/before/images.txt" "libbefore.so sm_86\n")
file(WRITE "${work}/own_list@4.4/extra/images.txt" "libextra.a k.cu.o:sm_90\n")
set(WORK_DIR "${work}")
set(RUNS "polyfill|" "polyfill|@3.25" "polyfill|@4.4" "every_source|" "every_source|@4.4" "own_list|" "own_list|@3.18"
         "own_list|@4.4")
set(KNOWN "own_list/before@3.18")
include("${CMAKE_CURRENT_LIST_DIR}/../compare.cmake")
