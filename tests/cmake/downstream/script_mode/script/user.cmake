# SPDX-License-Identifier: Apache-2.0
# A user's script: the package as the docs show it in script mode, then a detection.
find_package(CudaArch REQUIRED)
cudaarch_format(list CMAKE "7.5 8.6+PTX")
message(STATUS "RESULT [${list}]")
cudaarch_detect(gpus REASON reason)
message(STATUS "GPUS [${gpus}] ${reason}")
