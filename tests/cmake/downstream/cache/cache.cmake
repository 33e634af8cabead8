# SPDX-License-Identifier: Apache-2.0
# Configures of one build tree after another, each headed by a "-- STEP <what>" line: the
# user's value and the one CUDAARCHS initialized are kept whatever the environment of a later
# configure, and a CUDAARCHS that is not applied is reported. The real nvcc (CASE_NVCC).
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
macro(step build what)
  downstream_step(${build} "${what}" "-- (CudaArch: (request |CUDAARCHS=)|BUILT )" ${ARGN}
    ENV ${downstream_unset_cuda} ARGS -G Ninja "-DCMAKE_CUDA_COMPILER=${CASE_NVCC}")
endmacro()

# -DCMAKE_CUDA_ARCHITECTURES=86 beside CUDAARCHS=90, then configures without CUDAARCHS, with it.
step(a "user's 86 with CUDAARCHS=90" ENV CUDAARCHS=90 ARGS -DCMAKE_CUDA_ARCHITECTURES=86)
step(a "again, no CUDAARCHS" AGAIN)
step(a "again, CUDAARCHS=90" AGAIN ENV CUDAARCHS=90)
# CUDAARCHS=86 alone initializes the tree; later configures keep 86, as CMake alone does.
step(b "CUDAARCHS=86" ENV CUDAARCHS=86)
step(b "again, no CUDAARCHS" AGAIN)
step(b "again, CUDAARCHS=90" AGAIN ENV CUDAARCHS=90)
step(b "again, -DCMAKE_CUDA_ARCHITECTURES=89" AGAIN ARGS -DCMAKE_CUDA_ARCHITECTURES=89)
step(b "again, no CUDAARCHS" AGAIN)
# The same with the call after project(), where CMake itself copies CUDAARCHS.
step(c "after project(): CUDAARCHS=86" ENV CUDAARCHS=86 ARGS -DAFTER_PROJECT=ON)
step(c "again, no CUDAARCHS" AGAIN)
# After project() with nothing given, CMake's own default is no request, now or later.
step(d "after project(): nothing" ARGS -DAFTER_PROJECT=ON)
step(d "again, CUDAARCHS=90" AGAIN ENV CUDAARCHS=90)
# The project's cache entry (help text "CUDA architectures") and the user's -D.
step(e "project's 86, user's 80" ARGS -DPROJECT_CACHE=86 -DCMAKE_CUDA_ARCHITECTURES=80)
step(e "again" AGAIN)
step(f "project's 86 alone" ARGS -DPROJECT_CACHE=86)
# Two calls in the first configure: both read CUDAARCHS, the second too.
step(h "two calls, CUDAARCHS=86" ENV CUDAARCHS=86 ARGS -DVARIABLE_FIRST=ON)
# A preset (cacheVariables 86;89, environment CUDAARCHS=90), then Ninja's own re-run of CMake,
# without CUDAARCHS (rebuild_cache, as after a change to CMakeLists.txt): 86;89 both times.
step(g "preset 'user'" ARGS --preset user)
message(STATUS "STEP ninja's re-run")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCHS ${downstream_unset_cuda}
                        "${CMAKE_COMMAND}" --build "${CMAKE_CURRENT_BINARY_DIR}/g" --target rebuild_cache
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
downstream_print("${out}" "-- (CudaArch: (request |CUDAARCHS=)|BUILT )")
