// SPDX-License-Identifier: Apache-2.0
// Loads a module image (PTX text, a fatbin or a cubin) with the real driver, as a CUDA
// program's first launch does, and prints the driver's answer:
//   driver_load <file>  ->  "<CUresult> <name>" on stdout; exit 0 when it ran the load,
//   77 when no driver or GPU is there (the test skips), 2 on a bad file.
// The driver is opened with dlopen, so this builds without a CUDA toolkit.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

#include "driver_api.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: driver_load <file>\n");
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    std::vector<char> image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.eof() && !in.good()) return 2;
    image.push_back('\0');  // PTX text must end in NUL; a fatbin does not mind

    cudaarch_test::DriverApi driver;
    if (!cudaarch_test::open_driver(driver)) return 77;
    cudaarch_test::CUmodule module = nullptr;
    const cudaarch_test::CUresult result = driver.load(&module, image.data());
    const char* name = "?";
    driver.error_name(result, &name);
    std::printf("%d %s\n", result, name);
    return 0;
}
