# SPDX-License-Identifier: Apache-2.0
# The answers of a probe that finds one NVIDIA H200 (9.0) under a CUDA 13.0 driver, for the
# cases of driver/: set_architectures_case(PROBE ${h200} ...).
set(h200 "versions|13000|13000|75" "device|0|9.0|132|150754820096|0000:3B:00.0|ok|NVIDIA H200" "status|ok|1 device")
