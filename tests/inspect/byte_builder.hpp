// SPDX-License-Identifier: Apache-2.0
// Builds small ELF, ar and fatbin inputs byte by byte for the reader tests and the fuzz corpus.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cudaarch::testing {

// Appends `value` as `size` little-endian bytes.
inline void put(std::string& out, std::uint64_t value, int size) {
    for (int i = 0; i < size; ++i) out += static_cast<char>((value >> (8 * i)) & 0xff);
}

inline void pad_to(std::string& out, std::size_t alignment) {
    while (out.size() % alignment != 0) out += '\0';
}

struct Entry {
    std::uint16_t kind = 2;
    std::uint32_t arch = 80;
    std::uint64_t flags = 0x11;
    std::uint16_t major = 1;
    std::uint16_t minor = 8;
    std::string payload = std::string(16, 'x');
    std::uint32_t compressed_size = 0;
    std::uint64_t uncompressed_size = 0;
    std::string identifier;  // placed at 0x40 in an extended header
    std::uint32_t header_size = 0;     // 0: 64, or 64 + the identifier rounded up to 8
    std::uint64_t payload_size = ~0ull;  // ~0: payload.size()
};

inline std::string entry_bytes(const Entry& e) {
    std::string ident = e.identifier;
    if (!ident.empty()) {
        ident += '\0';
        pad_to(ident, 8);
    }
    const std::uint32_t header_size = e.header_size != 0 ? e.header_size : static_cast<std::uint32_t>(64 + ident.size());
    std::string out;
    put(out, e.kind, 2);
    put(out, 0x0101, 2);
    put(out, header_size, 4);
    put(out, e.payload_size != ~0ull ? e.payload_size : e.payload.size(), 8);
    put(out, e.compressed_size, 4);
    put(out, 0, 4);  // options offset
    put(out, e.minor, 2);
    put(out, e.major, 2);
    put(out, e.arch, 4);
    put(out, e.identifier.empty() ? 0 : 64, 4);
    put(out, e.identifier.size(), 4);
    put(out, e.flags, 8);
    put(out, 0, 8);
    put(out, e.uncompressed_size, 8);
    return out + ident + e.payload;
}

// A container holding `entries` back to back; `fat_size` overrides the size field.
inline std::string fatbin_bytes(const std::vector<Entry>& entries, std::uint64_t fat_size = ~0ull) {
    std::string body;
    for (const Entry& e : entries) body += entry_bytes(e);
    std::string out;
    put(out, 0xBA55ED50, 4);
    put(out, 1, 2);
    put(out, 16, 2);
    put(out, fat_size != ~0ull ? fat_size : body.size(), 8);
    return out + body;
}

struct Section {
    std::string name;
    std::string data;
    std::uint32_t type = 1;  // SHT_PROGBITS
    std::uint64_t flags = 2;  // SHF_ALLOC
};

struct ElfSpec {
    std::uint16_t machine = 62;  // EM_X86_64
    std::uint8_t abi_version = 0;
    std::uint32_t flags = 0;
    std::vector<Section> sections;
    std::uint16_t type = 1;  // ET_REL; 2 ET_EXEC, 3 ET_DYN
};

// ELF64 LE: header, section data (8-aligned), .shstrtab, then the section header table.
inline std::string elf_bytes(const ElfSpec& spec) {
    std::string out(64, '\0');
    std::vector<std::uint64_t> offsets;
    for (const Section& s : spec.sections) {
        pad_to(out, 8);
        offsets.push_back(out.size());
        if (s.type != 8) out += s.data;
    }
    std::string names(1, '\0');
    std::vector<std::uint64_t> name_offsets;
    for (const Section& s : spec.sections) {
        name_offsets.push_back(names.size());
        names += s.name + '\0';
    }
    const std::uint64_t shstrtab_name = names.size();
    names += std::string(".shstrtab") + '\0';
    const std::uint64_t names_offset = out.size();
    out += names;
    pad_to(out, 8);
    const std::uint64_t shoff = out.size();
    out += std::string(64, '\0');  // section 0
    for (std::size_t i = 0; i < spec.sections.size(); ++i) {
        const Section& s = spec.sections[i];
        put(out, name_offsets[i], 4);
        put(out, s.type, 4);
        put(out, s.flags, 8);
        put(out, 0, 8);
        put(out, offsets[i], 8);
        put(out, s.data.size(), 8);
        put(out, 0, 4);
        put(out, 0, 4);
        put(out, 8, 8);
        put(out, 0, 8);
    }
    put(out, shstrtab_name, 4);
    put(out, 3, 4);  // SHT_STRTAB
    put(out, 0, 8);
    put(out, 0, 8);
    put(out, names_offset, 8);
    put(out, names.size(), 8);
    put(out, 0, 8);
    put(out, 1, 8);
    put(out, 0, 8);

    std::string header;
    header += "\x7f" "ELF";
    header += '\x02';  // ELFCLASS64
    header += '\x01';  // little-endian
    header += '\x01';  // EV_CURRENT
    header += spec.machine == 190 ? '\x41' : '\x00';
    header += static_cast<char>(spec.abi_version);
    header += std::string(7, '\0');
    put(header, spec.type, 2);
    put(header, spec.machine, 2);
    put(header, 1, 4);
    put(header, 0, 8);  // entry
    put(header, 0, 8);  // phoff
    put(header, shoff, 8);
    put(header, spec.flags, 4);
    put(header, 64, 2);
    put(header, 56, 2);
    put(header, 0, 2);
    put(header, 64, 2);
    put(header, spec.sections.size() + 2, 2);
    put(header, spec.sections.size() + 1, 2);
    out.replace(0, 64, header);
    return out;
}

struct Member {
    std::string name;
    std::string data;
};

// GNU ar with a symbol table and long names in "//" for names over 15 characters.
inline std::string ar_bytes(const std::vector<Member>& members) {
    const auto header = [](std::string_view name, std::size_t size) {
        std::string h(name);
        h.resize(16, ' ');
        h += "0           0     0     644     ";
        std::string digits = std::to_string(size);
        digits.resize(10, ' ');
        return h + digits + "`\n";
    };
    std::string out = "!<arch>\n";
    out += header("/", 4) + std::string(4, '\0');
    std::string long_names;
    std::vector<std::string> names;
    for (const Member& m : members) {
        if (m.name.size() > 15) {
            names.push_back("/" + std::to_string(long_names.size()));
            long_names += m.name + "/\n";
        } else {
            names.push_back(m.name + "/");
        }
    }
    if (!long_names.empty()) {
        out += header("//", long_names.size()) + long_names;
        pad_to(out, 2);
    }
    for (std::size_t i = 0; i < members.size(); ++i) {
        out += header(names[i], members[i].data.size()) + members[i].data;
        if (out.size() % 2 != 0) out += '\n';
    }
    return out;
}

}  // namespace cudaarch::testing
