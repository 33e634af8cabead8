# SPDX-License-Identifier: Apache-2.0
# require_fetched(<path> <what>): for test scripts that need something tests/toolkits/fetch.sh
# fetches. Without <path> the calling script ends as a skip ("SKIP: ..." for the test's
# SKIP_REGULAR_EXPRESSION), or fails where CUDAARCH_REQUIRE_TOOLKITS is set (CI).
macro(require_fetched path what)
  if(NOT EXISTS "${path}")
    if("$ENV{CUDAARCH_REQUIRE_TOOLKITS}")
      message(FATAL_ERROR "${what} not found at ${path}: run tests/toolkits/fetch.sh")
    endif()
    message("SKIP: ${what} not found at ${path} (tests/toolkits/fetch.sh fetches it)")
    return()
  endif()
endmacro()
