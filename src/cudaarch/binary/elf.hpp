// SPDX-License-Identifier: Apache-2.0
// Reader for the headers of 64-bit little-endian ELF files (host objects and CUDA cubins).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "cudaarch/binary/bytes.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::binary {

inline constexpr std::string_view elf_magic = "\x7f" "ELF";
inline constexpr std::uint16_t em_cuda = 190;
inline constexpr std::uint32_t sht_progbits = 1;
inline constexpr std::uint32_t sht_nobits = 8;
inline constexpr std::uint64_t shf_alloc = 0x2;
inline constexpr std::uint64_t shf_execinstr = 0x4;
inline constexpr std::uint32_t pt_load = 1;
inline constexpr std::uint32_t pt_dynamic = 2;
inline constexpr std::uint16_t et_rel = 1;  // e_type of a relocatable object; executables and shared libraries differ

struct ElfSection {
    std::string_view name;  // points into the input
    std::uint32_t type = 0;
    std::uint64_t flags = 0;  // SHF_*
    // Relative to the ELF's first byte; always inside the input. Both are 0 for SHT_NOBITS.
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    std::uint32_t link = 0;  // sh_link: a symbol table's string table
};

struct ElfSegment {
    std::uint32_t type = 0;
    std::uint64_t offset = 0;
    std::uint64_t file_size = 0;
    std::uint64_t vaddr = 0;  // where the loader maps it; the dynamic section's addresses are these
};

struct Elf {
    std::uint16_t type = 0;  // e_type
    std::uint16_t machine = 0;
    std::uint8_t abi_version = 0;
    std::uint32_t flags = 0;
    std::vector<ElfSection> sections;  // index 0 (SHN_UNDEF) omitted
    std::vector<ElfSegment> segments;
};

// Checks every header, name and section range against the bounds of `bytes`.
Result<Elf> read_elf(const Bytes& bytes);

}  // namespace cudaarch::binary
