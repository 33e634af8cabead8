# SPDX-License-Identifier: Apache-2.0
# Configures of one build tree after another, each headed by a "-- STEP <what>" line:
# TORCH_CUDA_ARCH_LIST in the environment initializes a build tree, as CUDAARCHS does in CMake;
# a later configure keeps what it set, with the variable changed or unset, and reports a
# changed one as not applied. A -DTORCH_CUDA_ARCH_LIST changes the tree.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
macro(step build what)
  downstream_step(${build} "${what}" "-- (CudaArch: (request |TORCH_CUDA_ARCH_LIST=)|RESULT )" ${ARGN})
endmacro()

step(a "TORCH_CUDA_ARCH_LIST=8.0" ENV TORCH_CUDA_ARCH_LIST=8.0)
step(a "again, TORCH_CUDA_ARCH_LIST=9.0" AGAIN ENV TORCH_CUDA_ARCH_LIST=9.0)
step(a "again, no TORCH_CUDA_ARCH_LIST" AGAIN)
step(a "again, -DTORCH_CUDA_ARCH_LIST=9.0" AGAIN ARGS -DTORCH_CUDA_ARCH_LIST=9.0)
# The variable naming what the tree builds now is nothing to report.
step(a "again, TORCH_CUDA_ARCH_LIST=9.0" AGAIN ENV TORCH_CUDA_ARCH_LIST=9.0)
# A tree first configured without it keeps the project's DEFAULT.
step(b "no TORCH_CUDA_ARCH_LIST")
step(b "again, TORCH_CUDA_ARCH_LIST=8.0" AGAIN ENV TORCH_CUDA_ARCH_LIST=8.0)
# One with a line break stops the first configure, and nothing of it is kept for the next.
step(c "TORCH_CUDA_ARCH_LIST with a line break" ENV "TORCH_CUDA_ARCH_LIST=8.0\n9.0")
step(c "again, no TORCH_CUDA_ARCH_LIST" AGAIN)
