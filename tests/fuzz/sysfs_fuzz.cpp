// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a PCI device's sysfs value (vendor, device, class) as `detect --pci` reads
// it, at every width the scan asks for. An accepted value fits its digits and is the input's
// own: written back as 0x and hex digits it reads the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cudaarch/pci.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    for (const std::size_t digits : {4u, 6u}) {
        const auto value = cudaarch::parse_sysfs_hex(input, digits);
        if (!value) continue;
        if ((static_cast<std::uint64_t>(*value) >> (4 * digits)) != 0) std::abort();
        std::string back = "0x";
        for (std::size_t shift = 4 * digits; shift > 0; shift -= 4) back += "0123456789abcdef"[(*value >> (shift - 4)) & 0xf];
        if (cudaarch::parse_sysfs_hex(back, digits) != value) std::abort();
    }
    return 0;
}
