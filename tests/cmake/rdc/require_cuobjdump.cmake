# SPDX-License-Identifier: Apache-2.0
# Included first by the rdc scripts: without CUOBJDUMP (the oracle), CI (which sets
# CUDAARCH_REQUIRE_TOOLKITS) fails; elsewhere the test reports a skip, and the including
# script returns when cuobjdump_missing is set.
set(cuobjdump_missing FALSE)
if(NOT EXISTS "${CUOBJDUMP}")
  if("$ENV{CUDAARCH_REQUIRE_TOOLKITS}")
    message(FATAL_ERROR "cuobjdump not found: pip install -r tests/inspect/requirements.txt")
  endif()
  message("CUDAARCH-SKIP: cuobjdump not found (pip install -r tests/inspect/requirements.txt, then reconfigure)")
  set(cuobjdump_missing TRUE)
endif()
