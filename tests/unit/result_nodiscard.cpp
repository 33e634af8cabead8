// SPDX-License-Identifier: Apache-2.0
// Compiled by tests/unit/expect_nodiscard.cmake, not linked: a Result dropped by its caller
// must not compile under -Werror, though answer() itself carries no [[nodiscard]].
#include "cudaarch/result.hpp"

cudaarch::Result<int> answer();

#ifdef CUDAARCH_RESULT_USED
bool look() { return answer().ok(); }
#else
void drop() { answer(); }
#endif
