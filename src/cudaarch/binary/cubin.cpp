// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/cubin.hpp"

namespace cudaarch::binary {

namespace {

constexpr std::uint8_t abi_v2 = 8;  // CUDA 13 cubins, and CUDA 12.8+ cubins for sm_100 and later
constexpr std::uint32_t v1_arch_specific = 0x800;
constexpr std::uint8_t compat_arch_specific = 9;

// .nv.compat holds .nv.info-style records: u8 format, u8 attribute, then a u16 value (formats
// 1-3) or a u16 length and that many bytes (format 4).
Result<bool> compat_arch_specific_set(const Bytes& bytes, const ElfSection& section) {
    const Bytes records = bytes.sub(section.offset, section.size);
    std::uint64_t at = 0;
    while (records.fits(at, 4)) {
        const std::uint8_t format = records.u8(at);
        const std::uint8_t attribute = records.u8(at + 1);
        const std::uint16_t value = records.u16(at + 2);
        if (format == 0) break;  // zero padding ends the records
        if (format > 4) return records.error(at, "unknown .nv.compat record format " + std::to_string(format));
        if (format == 4) {
            if (!records.fits(at + 4, value)) return records.error(at, "truncated .nv.compat record");
            at += 4 + std::uint64_t{value};
            continue;
        }
        if (attribute == compat_arch_specific) return value != 0;
        at += 4;
    }
    return false;
}

}  // namespace

Result<Arch> cubin_arch(const Elf& elf, const Bytes& bytes) {
    if (elf.abi_version < abi_v2) {
        const Suffix suffix = (elf.flags & v1_arch_specific) != 0 ? Suffix::a : Suffix::none;
        return arch_from_sm(elf.flags & 0xff, suffix);
    }
    for (const ElfSection& section : elf.sections) {
        if (section.name != ".nv.compat") continue;
        auto specific = compat_arch_specific_set(bytes, section);
        if (!specific) return specific.error();
        return arch_from_sm((elf.flags >> 8) & 0xff, *specific ? Suffix::a : Suffix::none);
    }
    return arch_from_sm((elf.flags >> 8) & 0xff, Suffix::none);
}

}  // namespace cudaarch::binary
