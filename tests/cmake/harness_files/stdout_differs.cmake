# SPDX-License-Identifier: Apache-2.0
# A script printing one line, beside a stdout file with one character changed:
# cmake.harness_files (WILL_FAIL) proves run_cases.cmake fails on it.
message(STATUS "75-real;86")
