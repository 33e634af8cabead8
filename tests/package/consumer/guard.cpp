// SPDX-License-Identifier: Apache-2.0
// Links the installed runtime guard's libraries (CudaArch::runtime) into a host program that
// judges its own file: it has no device code, which the guard must find and say.
#include <cstdio>

#include <cudaarch/runtime.hpp>

namespace {
void here() {}
}  // namespace

int main() {
    const auto module = cudaarch::runtime_detail::read_module(reinterpret_cast<const void*>(&here), 9, 0);
    std::printf("consumer guard: %s\n", module.why.c_str());
    return module.known ? 1 : 0;
}
