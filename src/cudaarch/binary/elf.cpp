// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/elf.hpp"

#include <string>

namespace cudaarch::binary {

namespace {

constexpr std::uint64_t ehdr_size = 64;
constexpr std::uint64_t shdr_size = 64;
constexpr std::uint64_t phdr_size = 56;
constexpr std::uint16_t shn_xindex = 0xffff;
constexpr std::uint16_t pn_xnum = 0xffff;

struct RawSection {
    std::uint32_t name = 0;
    std::uint32_t type = 0;
    std::uint64_t flags = 0;
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    std::uint32_t link = 0;
    std::uint32_t info = 0;
};

RawSection raw_section(const Bytes& bytes, std::uint64_t at) {
    return {bytes.u32(at), bytes.u32(at + 4), bytes.u64(at + 8), bytes.u64(at + 24), bytes.u64(at + 32),
            bytes.u32(at + 40), bytes.u32(at + 44)};
}

// The table of `count` entries of `entry_size` bytes at `offset` must lie inside the file.
bool table_fits(const Bytes& bytes, std::uint64_t offset, std::uint64_t count, std::uint64_t entry_size) {
    return bytes.fits(offset, 0) && count <= (bytes.size() - offset) / entry_size;
}

Result<std::vector<ElfSegment>> read_segments(const Bytes& bytes, std::uint64_t section_zero_info) {
    const std::uint64_t phoff = bytes.u64(32);
    const std::uint16_t phentsize = bytes.u16(54);
    std::uint64_t phnum = bytes.u16(56);
    if (phnum == pn_xnum) phnum = section_zero_info;  // extended numbering
    std::vector<ElfSegment> segments;
    if (phoff == 0 || phnum == 0) return segments;
    if (phentsize < phdr_size) return bytes.error(54, "ELF program header size " + std::to_string(phentsize) + " is too small");
    if (!table_fits(bytes, phoff, phnum, phentsize))
        return bytes.error(phoff, "ELF program header table of " + std::to_string(phnum) + " entries runs past the end of the file");
    segments.reserve(phnum);
    for (std::uint64_t i = 0; i < phnum; ++i) {
        const std::uint64_t at = phoff + i * phentsize;
        ElfSegment segment{bytes.u32(at), bytes.u64(at + 8), bytes.u64(at + 32), bytes.u64(at + 16)};
        if (segment.type == pt_load && !bytes.fits(segment.offset, segment.file_size))
            return bytes.error(at, "ELF segment " + std::to_string(i) + " runs past the end of the file");
        segments.push_back(segment);
    }
    return segments;
}

}  // namespace

Result<Elf> read_elf(const Bytes& bytes) {
    if (!bytes.fits(0, ehdr_size)) return bytes.error(0, "truncated ELF header");
    if (bytes.u8(4) != 2 || bytes.u8(5) != 1)
        return bytes.error(4, "unsupported ELF class or byte order (only 64-bit little-endian ELF is read)");
    Elf elf;
    elf.type = bytes.u16(16);
    elf.machine = bytes.u16(18);
    elf.abi_version = bytes.u8(8);
    elf.flags = bytes.u32(48);

    const std::uint64_t shoff = bytes.u64(40);
    const std::uint16_t shentsize = bytes.u16(58);
    std::uint64_t shnum = bytes.u16(60);
    std::uint64_t shstrndx = bytes.u16(62);
    RawSection zero;
    if (shoff != 0) {
        if (shentsize < shdr_size) return bytes.error(58, "ELF section header size " + std::to_string(shentsize) + " is too small");
        if (!table_fits(bytes, shoff, 1, shentsize)) return bytes.error(40, "ELF section header table starts past the end of the file");
        zero = raw_section(bytes, shoff);
        // Extended numbering: counts too large for the ELF header live in section 0.
        if (shnum == 0) shnum = zero.size;
        if (shstrndx == shn_xindex) shstrndx = zero.link;
    } else {
        shnum = 0;
    }
    auto segments = read_segments(bytes, zero.info);
    if (!segments) return segments.error();
    elf.segments = std::move(segments).value();
    if (shnum == 0) return elf;

    if (!table_fits(bytes, shoff, shnum, shentsize))
        return bytes.error(shoff, "ELF section header table of " + std::to_string(shnum) + " entries runs past the end of the file");
    if (shstrndx >= shnum) return bytes.error(62, "ELF section name table index " + std::to_string(shstrndx) + " is out of range");
    const std::uint64_t strtab_at = shoff + shstrndx * shentsize;
    const RawSection strtab = raw_section(bytes, strtab_at);
    if (strtab.type == sht_nobits || !bytes.fits(strtab.offset, strtab.size))
        return bytes.error(strtab_at, "ELF section name table runs past the end of the file");
    const std::string_view names = bytes.view(strtab.offset, strtab.size);

    elf.sections.reserve(shnum - 1);
    for (std::uint64_t i = 1; i < shnum; ++i) {
        const std::uint64_t at = shoff + i * shentsize;
        const RawSection raw = raw_section(bytes, at);
        const std::size_t end = raw.name < names.size() ? names.find('\0', raw.name) : std::string_view::npos;
        if (end == std::string_view::npos)
            return bytes.error(at, "name of ELF section " + std::to_string(i) + " runs past the section name table");
        ElfSection section{names.substr(raw.name, end - raw.name), raw.type, raw.flags, raw.offset, raw.size, raw.link};
        if (raw.type == sht_nobits) {
            section.offset = 0;  // occupies no file bytes; keeps offset + size inside the file for every section
            section.size = 0;
        } else if (!bytes.fits(raw.offset, raw.size)) {
            return bytes.error(at, "ELF section " + std::string(section.name) + " runs past the end of the file");
        }
        elf.sections.push_back(section);
    }
    return elf;
}

}  // namespace cudaarch::binary
