#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_if.sh gpu|nogpu COMMAND...: runs COMMAND only where the machine fits, else exits 77
# (the tests' SKIP_RETURN_CODE). gpu: an NVIDIA GPU device node exists. nogpu: no NVIDIA
# driver at all (no kernel module, no libcuda.so.1 known to the loader).
want=$1
shift
has_gpu=no
for node in /dev/nvidia[0-9]*; do [ -e "$node" ] && has_gpu=yes; done
has_driver=no
if [ -e /proc/driver/nvidia/version ] || /sbin/ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1 '; then
  has_driver=yes
fi
if [ "$want" = gpu ] && [ "$has_gpu" = no ]; then
  echo "SKIP: no NVIDIA GPU (no /dev/nvidiaN)"
  exit 77
fi
if [ "$want" = nogpu ] && [ "$has_driver" = yes ]; then
  echo "SKIP: this test needs a machine without an NVIDIA driver"
  exit 77
fi
exec "$@"
