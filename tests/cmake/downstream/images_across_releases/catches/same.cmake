# SPDX-License-Identifier: Apache-2.0
# Doctored listings the same on every release (the order of a listing's lines, which the
# modules' order decides, aside), but one known difference (arch_flags's list_before@3.18, that
# release building nothing): the known difference is printed and the test passes.
set(work "${CMAKE_CURRENT_BINARY_DIR}/work")
file(REMOVE_RECURSE "${work}")
set(kernels "libkernels.a k.cu.o:compute_80\nlibkernels.a k.cu.o:sm_80\nlibkernels.a k.cu.o:sm_90a\n")
foreach(run IN ITEMS arch_flags arch_flags@3.18 arch_flags@4.4)
  file(WRITE "${work}/${run}/list_after/images.txt" "${kernels}")
endforeach()
file(WRITE "${work}/arch_flags/list_before/images.txt" "${kernels}")
file(WRITE "${work}/arch_flags@4.4/list_before/images.txt" "libkernels.a k.cu.o:sm_90a\nlibkernels.a k.cu.o:sm_80\nlibkernels.a k.cu.o:compute_80\n")
file(MAKE_DIRECTORY "${work}/arch_flags@3.18/list_before")
set(WORK_DIR "${work}")
set(RUNS "arch_flags|" "arch_flags|@3.18" "arch_flags|@4.4")
set(KNOWN "arch_flags/list_before@3.18")
include("${CMAKE_CURRENT_LIST_DIR}/../compare.cmake")
