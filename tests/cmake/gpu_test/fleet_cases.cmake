# SPDX-License-Identifier: Apache-2.0
# Runs tests/cmake/gpu_test/fleet through `cudaarch ctest` on simulated runners (the stub driver,
# fake resource specs): which tests each runner hosts, what it names as skipped and why,
# the GPUs the tests get, and the exit status.
#   cmake -DSOURCE=<fleet project> -DWORK_DIR=<dir> -DCUDAARCH_BUILD_DIR=<dir> -DCUDAARCH=<cli>
#         -DSTUB=<stub libcuda> -DGENERATOR=<generator> -P fleet_cases.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/configure_project.cmake")
configure_gpu_project("7.5;8.6;9.0")

set(h200 "9.0=NVIDIA H200")
set(four "9.0=GPU A,8.6=GPU B,8.0=GPU C,7.5=GPU D")

# check_fleet(<case> <stub devices> <rc> <cudaarch lines> <results> [ENV var=value...]
#             [ARGS cudaarch ctest options...] [CTEST ctest args...] [STDERR <text>]
#             [CTEST_FAILED])
# Runs `cudaarch ctest` in the build tree and checks its exit code, its own lines (those
# starting "cudaarch ctest:" and the indented skips) and ctest's per-test results
# ("<test>=<result>", sorted: with -j their order varies). CTEST defaults to -E fails.
# CTEST_FAILED: stderr starts with ctest's "Errors while running CTest" (its next lines
# vary between CMake versions).
function(check_fleet name devices rc lines results)
  cmake_parse_arguments(PARSE_ARGV 5 arg "CTEST_FAILED" "STDERR" "ENV;ARGS;CTEST")
  if(NOT DEFINED arg_CTEST)
    set(arg_CTEST -E fails)
  endif()
  file(REMOVE "${build}/one.visible" "${build}/two.visible" "${build}/hopper.visible")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDA_VISIBLE_DEVICES --unset=CUDAARCH_REQUIRE_GPU
                          "CUDAARCH_LIBCUDA=${STUB}" "CUDAARCH_STUB_DEVICES=${devices}" ${arg_ENV}
                          "${CUDAARCH}" ctest --ctest "${CMAKE_CTEST_COMMAND}" ${arg_ARGS} -- -j 4 ${arg_CTEST}
                  WORKING_DIRECTORY "${build}"
                  RESULT_VARIABLE actual_rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  check_equal("${name}.rc" "${actual_rc}" "${rc}")
  if(arg_CTEST_FAILED)
    string(REGEX REPLACE "^(Errors while running CTest\n).*" "\\1" err "${err}")
    set(arg_STDERR "Errors while running CTest\n")
  endif()
  check_equal("${name}.stderr" "${err}" "${arg_STDERR}")
  string(REPLACE ";" "<semicolon>" own "${out}")
  string(REGEX MATCHALL "(^|\n)(cudaarch ctest: |  [^ ])[^\n]*" own "${own}")
  string(REPLACE ";" "" own "${own}")
  string(REPLACE "<semicolon>" ";" own "${own}")
  string(REGEX REPLACE "^\n" "" own "${own}")
  check_equal("${name}.lines" "${own}" "${lines}")
  ctest_results(actual "${out}")
  list(SORT actual)
  check_equal("${name}.results" "${actual}" "${results}")
endfunction()

# The GPUs a test got, matched against <regex>.
function(check_visible name test regex)
  set(got "(not run)")
  if(EXISTS "${build}/${test}.visible")
    file(STRINGS "${build}/${test}.visible" got)
  endif()
  if(got MATCHES "${regex}")
    check_equal("${name}.${test}.visible" "" "")
  else()
    check_equal("${name}.${test}.visible" "${got}" "${regex}")
  endif()
endfunction()

# 1, 2 and 8 GPUs: each runner runs what it can host and names the rest.
check_fleet(one_gpu "${h200}" 0
  "cudaarch ctest: this runner: 1 GPU, 1 slot each: 0: NVIDIA H200 (9.0)
cudaarch ctest: skipped 3 tests this runner cannot host:
  two: needs 2 GPUs; this runner has 1
  three: needs 3 GPUs; this runner has 1
  ampere_pair: needs 2 GPUs of compute capability 8.0 or newer; this runner has 1"
  "cpu=Passed;hopper=Passed;one=Passed")
check_visible(one_gpu one "^0$")
check_fleet(two_gpus "${h200},${h200}" 0
  "cudaarch ctest: this runner: 2 GPUs, 1 slot each: 0: NVIDIA H200 (9.0), 1: NVIDIA H200 (9.0)
cudaarch ctest: skipped 1 test this runner cannot host:
  three: needs 3 GPUs; this runner has 2"
  "ampere_pair=Passed;cpu=Passed;hopper=Passed;one=Passed;two=Passed")
check_visible(two_gpus two "^(0,1|1,0)$")
check_fleet(eight_gpus "${h200},${h200},${h200},${h200},${h200},${h200},${h200},${h200}" 0
  "cudaarch ctest: this runner: 8 GPUs, 1 slot each: 0: NVIDIA H200 (9.0), 1: NVIDIA H200 (9.0), 2: NVIDIA H200 (9.0), 3: NVIDIA H200 (9.0), 4: NVIDIA H200 (9.0), 5: NVIDIA H200 (9.0), 6: NVIDIA H200 (9.0), 7: NVIDIA H200 (9.0)"
  "ampere_pair=Passed;cpu=Passed;hopper=Passed;one=Passed;three=Passed;two=Passed")

# No GPU: every GPU test is named; the CPU test runs and the run is green.
check_fleet(no_gpu "" 0
  "cudaarch ctest: this runner: no GPU: the NVIDIA driver found no CUDA device
cudaarch ctest: skipped 5 tests this runner cannot host:
  one: needs 1 GPU; this runner has none
  two: needs 2 GPUs; this runner has none
  three: needs 3 GPUs; this runner has none
  hopper: needs 1 GPU that can run 90a-real; this runner has none
  ampere_pair: needs 2 GPUs of compute capability 8.0 or newer; this runner has none"
  "cpu=Passed")
check_fleet(no_gpu_required "" 1 "" ""
  ENV CUDAARCH_REQUIRE_GPU=ON
  STDERR "cudaarch: error: no GPU, and one is required: the NVIDIA driver found no CUDA device\n")

# Capability: the GPUs that cannot run a test's ARCHITECTURES or MIN_CC do not count.
check_fleet(two_t4 "7.5=Tesla T4,7.5=Tesla T4" 0
  "cudaarch ctest: this runner: 2 GPUs, 1 slot each: 0: Tesla T4 (7.5), 1: Tesla T4 (7.5)
cudaarch ctest: skipped 3 tests this runner cannot host:
  three: needs 3 GPUs; this runner has 2
  hopper: needs 1 GPU that can run 90a-real; no GPU of this runner fits: 0: Tesla T4 (7.5), 1: Tesla T4 (7.5)
  ampere_pair: needs 2 GPUs of compute capability 8.0 or newer; no GPU of this runner fits: 0: Tesla T4 (7.5), 1: Tesla T4 (7.5)"
  "cpu=Passed;one=Passed;two=Passed")

# Slots above 1 share a GPU between one-GPU tests, but a two-GPU test still needs two
# GPUs (CTest alone would hand it GPU 0 twice).
check_fleet(one_gpu_three_slots "${h200}" 0
  "cudaarch ctest: this runner: 1 GPU, 3 slots each: 0: NVIDIA H200 (9.0)
cudaarch ctest: skipped 3 tests this runner cannot host:
  two: needs 2 GPUs; this runner has 1
  three: needs 3 GPUs; this runner has 1
  ampere_pair: needs 2 GPUs of compute capability 8.0 or newer; this runner has 1"
  "cpu=Passed;hopper=Passed;one=Passed"
  ARGS --slots-per-gpu 3)
check_fleet(two_gpus_two_slots "${h200},${h200}" 0
  "cudaarch ctest: this runner: 2 GPUs, 2 slots each: 0: NVIDIA H200 (9.0), 1: NVIDIA H200 (9.0)
cudaarch ctest: running the tests that need several GPUs apart, 1 slot per GPU (with more, CTest may give one GPU to two of a test's groups): two, ampere_pair
cudaarch ctest: skipped 1 test this runner cannot host:
  three: needs 3 GPUs; this runner has 2"
  "ampere_pair=Passed;cpu=Passed;hopper=Passed;one=Passed;two=Passed"
  ARGS --slots-per-gpu=2)
check_visible(two_gpus_two_slots two "^(0,1|1,0)$")

# Mixed GPUs, 2 slots: every test runs, each capability-bound or multi-GPU set apart.
check_fleet(mixed_two_slots "${four}" 0
  "cudaarch ctest: this runner: 4 GPUs, 2 slots each: 0: GPU A (9.0), 1: GPU B (8.6), 2: GPU C (8.0), 3: GPU D (7.5)
cudaarch ctest: running the tests that need several GPUs apart, 1 slot per GPU (with more, CTest may give one GPU to two of a test's groups): two, three
cudaarch ctest: running apart on the GPUs that fit them (0: GPU A (9.0)): hopper
cudaarch ctest: running apart on the GPUs that fit them, 1 slot per GPU (0: GPU A (9.0), 1: GPU B (8.6), 2: GPU C (8.0)): ampere_pair"
  "ampere_pair=Passed;cpu=Passed;hopper=Passed;one=Passed;three=Passed;two=Passed"
  ARGS --slots-per-gpu 2)
check_visible(mixed_two_slots hopper "^0$")

# CUDA_VISIBLE_DEVICES: the runner is what the driver shows after it, and the tests get
# the devices through the list's own entries (indices, UUIDs, MIG instances).
check_fleet(visible_3_1 "${four}" 0
  "cudaarch ctest: this runner: 2 GPUs (CUDA_VISIBLE_DEVICES=3,1), 1 slot each: 0: GPU D (7.5), 1: GPU B (8.6)
cudaarch ctest: skipped 3 tests this runner cannot host:
  three: needs 3 GPUs; this runner has 2
  hopper: needs 1 GPU that can run 90a-real; no GPU of this runner fits: 0: GPU D (7.5), 1: GPU B (8.6)
  ampere_pair: needs 2 GPUs of compute capability 8.0 or newer; 1 of this runner's 2 GPUs fits: 0: GPU D (7.5), 1: GPU B (8.6)"
  "cpu=Passed;one=Passed;two=Passed"
  ENV CUDA_VISIBLE_DEVICES=3,1)
check_visible(visible_3_1 one "^(3|1)$")
check_visible(visible_3_1 two "^(3,1|1,3)$")
set(mig_b "MIG-GPU-11111111-5eed-4000-8000-000000000000/1/0")
set(mig_c "MIG-GPU-22222222-5eed-4000-8000-000000000000/2/0")
check_fleet(mig "${four}" 0
  "cudaarch ctest: this runner: 1 GPU (CUDA_VISIBLE_DEVICES=${mig_b},${mig_c}), 1 slot each: 0: GPU B MIG 1/0 (8.6)
cudaarch ctest: skipped 4 tests this runner cannot host:
  two: needs 2 GPUs; this runner has 1
  three: needs 3 GPUs; this runner has 1
  hopper: needs 1 GPU that can run 90a-real; no GPU of this runner fits: 0: GPU B MIG 1/0 (8.6)
  ampere_pair: needs 2 GPUs of compute capability 8.0 or newer; this runner has 1"
  "cpu=Passed;one=Passed"
  ENV "CUDA_VISIBLE_DEVICES=${mig_b},${mig_c}")
check_visible(mig one "^${mig_b}$")
# UUID prefixes. hopper fits one of the two GPUs only: it runs apart, with a spec of that
# GPU, so CTest cannot hand it the other. A user's -E joins the runner's exclusions.
check_fleet(uuid "${four}" 0
  "cudaarch ctest: this runner: 2 GPUs (CUDA_VISIBLE_DEVICES=GPU-3,GPU-00000000), 1 slot each: 0: GPU D (7.5), 1: GPU A (9.0)
cudaarch ctest: running apart on the GPUs that fit them (1: GPU A (9.0)): hopper
cudaarch ctest: skipped 2 tests this runner cannot host:
  three: needs 3 GPUs; this runner has 2
  ampere_pair: needs 2 GPUs of compute capability 8.0 or newer; 1 of this runner's 2 GPUs fits: 0: GPU D (7.5), 1: GPU A (9.0)"
  "cpu=Passed;hopper=Passed;one=Passed;two=Passed"
  ENV CUDA_VISIBLE_DEVICES=GPU-3,GPU-00000000 CTEST --exclude-regex "fails|cpu_only")
check_visible(uuid two "^(GPU-3,GPU-00000000|GPU-00000000,GPU-3)$")
check_visible(uuid hopper "^GPU-00000000$")

# Fake resource specs of 1, 2 and 8 GPUs on an eight-GPU runner: the spec is the runner.
set(eight "${four},${four}")
foreach(count IN ITEMS 1 2 8)
  set(entries "")
  math(EXPR last "${count} - 1")
  foreach(id RANGE ${last})
    list(APPEND entries "{\"id\": \"${id}\", \"slots\": 2}")
  endforeach()
  string(REPLACE ";" ", " entries "${entries}")
  file(WRITE "${WORK_DIR}/spec${count}.json"
       "{\"version\": {\"major\": 1, \"minor\": 0}, \"local\": [{\"gpus\": [${entries}], \"cpus\": [{\"id\": \"0\", \"slots\": 4}]}]}")
endforeach()
check_fleet(spec_1_gpu "${eight}" 0
  "cudaarch ctest: this runner: 1 GPU, resource spec ${WORK_DIR}/spec1.json, 2 slots each of the 8 visible: 0: GPU A (9.0)
cudaarch ctest: skipped 3 tests this runner cannot host:
  two: needs 2 GPUs; this runner has 1
  three: needs 3 GPUs; this runner has 1
  ampere_pair: needs 2 GPUs of compute capability 8.0 or newer; this runner has 1"
  "cpu=Passed;hopper=Passed;one=Passed"
  CTEST -E fails --resource-spec-file "${WORK_DIR}/spec1.json")
check_fleet(spec_2_gpus "${eight}" 0
  "cudaarch ctest: this runner: 2 GPUs, resource spec ${WORK_DIR}/spec2.json, 2 slots each of the 8 visible: 0: GPU A (9.0), 1: GPU B (8.6)
cudaarch ctest: running the tests that need several GPUs apart, 1 slot per GPU (with more, CTest may give one GPU to two of a test's groups): two, ampere_pair
cudaarch ctest: skipped 1 test this runner cannot host:
  three: needs 3 GPUs; this runner has 2"
  "ampere_pair=Passed;cpu=Passed;one=Passed;two=Passed"
  CTEST -E "fails|hopper" --resource-spec-file "${WORK_DIR}/spec2.json")
check_fleet(spec_8_gpus "${eight}" 0
  "cudaarch ctest: this runner: 8 GPUs, resource spec ${WORK_DIR}/spec8.json, 2 slots each: 0: GPU A (9.0), 1: GPU B (8.6), 2: GPU C (8.0), 3: GPU D (7.5), 4: GPU A (9.0), 5: GPU B (8.6), 6: GPU C (8.0), 7: GPU D (7.5)
cudaarch ctest: running the tests that need several GPUs apart, 1 slot per GPU (with more, CTest may give one GPU to two of a test's groups): two, three"
  "cpu=Passed;one=Passed;three=Passed;two=Passed"
  CTEST -E "fails|hopper|ampere_pair" --resource-spec-file "${WORK_DIR}/spec8.json")
# Named relative to the build tree (the run's folder): a long absolute path would be elided.
check_fleet(spec_stale "${h200},${h200}" 2 "" ""
  CTEST --resource-spec-file ../spec8.json
  STDERR "cudaarch: error: resource spec '../spec8.json': names GPU '2', but the gpus ids must be ordinals of the 2 visible GPUs (0 to n-1); regenerate it on this runner\n")
check_fleet(spec_and_slots "${h200}" 2 "" ""
  ARGS --slots-per-gpu 2 CTEST --resource-spec-file "${WORK_DIR}/spec1.json"
  STDERR "cudaarch: error: --resource-spec-file is the spec to use; --slots-per-gpu and --spec-file write one\n")

# ctest's own exit status stays: a failing test fails the run, skips or not.
check_fleet(failure_kept "${h200}" 8
  "cudaarch ctest: this runner: 1 GPU, 1 slot each: 0: NVIDIA H200 (9.0)
cudaarch ctest: skipped 1 test this runner cannot host:
  two: needs 2 GPUs; this runner has 1"
  "fails=Failed;one=Passed"
  CTEST -R "^(one|two|fails)$" CTEST_FAILED)

# --plan prints and runs nothing; the selection is ctest's (-R, -L, ...). On mixed GPUs
# hopper runs apart, on the H200 only.
check_fleet(plan_mixed "9.0=NVIDIA H200,7.5=Tesla T4" 0
  "cudaarch ctest: this runner: 2 GPUs, 1 slot each: 0: NVIDIA H200 (9.0), 1: Tesla T4 (7.5)
cudaarch ctest: would skip 2 tests this runner cannot host:
  three: needs 3 GPUs; this runner has 2
  ampere_pair: needs 2 GPUs of compute capability 8.0 or newer; 1 of this runner's 2 GPUs fits: 0: NVIDIA H200 (9.0), 1: Tesla T4 (7.5)
cudaarch ctest: would run: ctest -j 4 --resource-spec-file '<temporary file>' --exclude-regex '(fails)|^(three|ampere_pair|hopper)$'
cudaarch ctest: would run apart on the GPUs that fit them (0: NVIDIA H200 (9.0)): hopper
cudaarch ctest: would run: ctest -j 4 --resource-spec-file '<temporary file>' --exclude-regex '(fails)|^(one|two|three|ampere_pair|cpu)$'"
  "" ARGS --plan)
check_fleet(plan_selected "${h200}" 0
  "cudaarch ctest: this runner: 1 GPU, 1 slot each: 0: NVIDIA H200 (9.0)
cudaarch ctest: would run: ctest -j 4 -R '^one$' -L gpu --resource-spec-file '<temporary file>'"
  "" ARGS --plan CTEST -R "^one$" -L gpu)

# One rule, two engines: the spec the CLI writes is byte for byte cudaarch_write_resource_spec's.
check_fleet(spec_file "7.5=A,8.6=B,9.0=C" 0
  "cudaarch ctest: this runner: 3 GPUs, 2 slots each: 0: A (7.5), 1: B (8.6), 2: C (9.0)"
  "cpu=Passed" ARGS --slots-per-gpu 2 --spec-file "${WORK_DIR}/cli-gpus.json" CTEST -R "^cpu$")
file(READ "${WORK_DIR}/cli-gpus.json" cli_spec)
file(READ "${build}/gpus.json" cmake_spec)
check_equal(spec_file.same_as_cmake "${cli_spec}" "${cmake_spec}")
check_finish()
