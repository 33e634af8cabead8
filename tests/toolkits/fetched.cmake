# SPDX-License-Identifier: Apache-2.0
# Reports whether tests/toolkits/fetch.sh has run. With CUDAARCH_REQUIRE_TOOLKITS set in the
# environment (CI) a missing toolkit fails; otherwise the test reports a skip (matched by
# the test's SKIP_REGULAR_EXPRESSION).
cmake_minimum_required(VERSION 3.18)
set(missing "")
foreach(name IN ITEMS nvcc-13.5 ptxas-11.8 ptxas-12.0 ptxas-12.4 ptxas-12.9
    cmake-3.18 cmake-3.22 cmake-3.28 cmake-3.31.6 cmake-3.31.10 cmake-4.0 cmake-4.4)
  if(NOT EXISTS "${DIR}/${name}/.complete")
    list(APPEND missing ${name})
  endif()
endforeach()
if(missing AND "$ENV{CUDAARCH_REQUIRE_TOOLKITS}")
  message(FATAL_ERROR "missing toolkits in ${DIR}: ${missing}; run tests/toolkits/fetch.sh")
elseif(missing)
  message("CUDAARCH-SKIP: missing toolkits in ${DIR}: ${missing}; run tests/toolkits/fetch.sh")
endif()
