#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A cudaarch-driver-query that answers wrong, as CUDAARCH_FAKE_HELPER says: garbage, fails,
# truncated, or future (a newer format than this cudaarch reads).
case "$CUDAARCH_FAKE_HELPER" in
  garbage) echo "Segmentation fault (core dumped)" ;;
  fails) echo "cudaarch-driver-query: error while loading shared libraries: libstdc++.so.6" >&2; exit 127 ;;
  truncated) printf 'cudaarch-driver-query 1\nstatus ok\nlibrary libcuda.so.1\n' ;;
  future) printf 'cudaarch-driver-query 2\nend\n' ;;
esac
