// SPDX-License-Identifier: Apache-2.0
// cudaarch-driver-query: asks the NVIDIA driver in this process and prints the answer in the
// format of driver_query_text.hpp. The cudaarch CLI runs it (driver_helper.hpp): the CLI is a
// static executable, which cannot load the driver safely, and a driver that crashes takes
// only this process down. Dynamically linked, as it loads libcuda.so.1 with dlopen.
#include <cstdio>
#include <string>

#include "cudaarch/driver.hpp"
#include "cudaarch/driver_query_text.hpp"

int main(int argc, char**) {
    if (argc > 1) {
        std::fputs("usage: cudaarch-driver-query\n"
                   "Prints what the NVIDIA driver reports (CUDAARCH_LIBCUDA names another driver library);\n"
                   "run by 'cudaarch detect' and the other commands that ask the driver.\n",
                   stderr);
        return 2;
    }
    const std::string answer = cudaarch::format_driver_query(cudaarch::query_driver());
    const bool written = std::fwrite(answer.data(), 1, answer.size(), stdout) == answer.size();
    return written && std::fflush(stdout) == 0 ? 0 : 1;
}
