// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/kernels.hpp"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <memory>

namespace cudaarch::binary {

namespace {

constexpr std::uint32_t sht_symtab = 2;
constexpr std::uint64_t sym_size = 24;  // Elf64_Sym
constexpr std::uint8_t stt_func = 2;
constexpr std::uint8_t sto_cuda_entry = 0x10;

}  // namespace

Result<std::vector<std::string>> cubin_kernels(const Elf& elf, const Bytes& cubin) {
    std::vector<std::string> kernels;
    for (const ElfSection& symtab : elf.sections) {
        if (symtab.type != sht_symtab) continue;
        // sh_link counts section 0, which `sections` leaves out.
        if (symtab.link == 0 || symtab.link > elf.sections.size())
            return cubin.error(symtab.offset, "symbol table names no string table");
        const ElfSection& strtab = elf.sections[symtab.link - 1];
        const std::string_view names = cubin.view(strtab.offset, strtab.size);
        for (std::uint64_t at = symtab.offset; at + sym_size <= symtab.offset + symtab.size; at += sym_size) {
            const std::uint32_t name = cubin.u32(at);
            const std::uint8_t info = cubin.u8(at + 4);
            const std::uint8_t other = cubin.u8(at + 5);
            const std::uint16_t index = cubin.u16(at + 6);
            if ((info & 0xf) != stt_func || (other & sto_cuda_entry) == 0) continue;
            const std::size_t end = name < names.size() ? names.find('\0', name) : std::string_view::npos;
            if (end == std::string_view::npos) return cubin.error(at, "symbol name runs past its string table");
            const std::string_view symbol = names.substr(name, end - name);
            if (index == 0 || index > elf.sections.size()) continue;
            const std::string_view section = elf.sections[index - 1].name;
            if (section.substr(0, 6) == ".text." && section.substr(6) == symbol) kernels.emplace_back(symbol);
        }
    }
    return kernels;
}

std::vector<std::string> ptx_kernels(const Bytes& ptx) {
    std::vector<std::string> kernels;
    const std::string_view text = ptx.data();
    constexpr std::string_view directive = ".entry";
    for (std::size_t at = text.find(directive); at != std::string_view::npos; at = text.find(directive, at + 1)) {
        const bool starts = at == 0 || text[at - 1] == ' ' || text[at - 1] == '\t' || text[at - 1] == '\n';
        std::size_t begin = at + directive.size();
        if (!starts || begin >= text.size() || (text[begin] != ' ' && text[begin] != '\t')) continue;
        while (begin < text.size() && (text[begin] == ' ' || text[begin] == '\t')) ++begin;
        std::size_t end = begin;
        while (end < text.size() && text[end] != '(' && text[end] != ' ' && text[end] != '\t' && text[end] != '\n' &&
               text[end] != '\r' && text[end] != '{')
            ++end;
        if (end > begin) kernels.emplace_back(text.substr(begin, end - begin));
    }
    return kernels;
}

Release cubin_toolkit(const Elf& elf, const Bytes& cubin) {
    constexpr std::string_view marker = "release ";
    for (const ElfSection& section : elf.sections) {
        if (section.name != ".note.nv.tkinfo") continue;
        // The note's strings (ptxas's banner among them) are searched as text: its layout is not
        // published, and the banner "Cuda compilation tools, release 13.0, V13.0.88" is stable.
        const std::string_view text = cubin.view(section.offset, std::min<std::uint64_t>(section.size, 4096));
        const std::size_t at = text.find(marker);
        if (at == std::string_view::npos) return {};
        Release release;
        std::size_t i = at + marker.size();
        const auto digits = [&](int& value) {
            const std::size_t start = i;
            for (; i < text.size() && i - start < 3 && text[i] >= '0' && text[i] <= '9'; ++i) value = value * 10 + (text[i] - '0');
            return i > start;
        };
        if (!digits(release.major) || i >= text.size() || text[i] != '.') return {};
        ++i;
        if (!digits(release.minor)) return {};
        return release;
    }
    return {};
}

std::string demangle(const std::string& name) {
    // A kernel of internal linkage (static, or in an anonymous namespace) gets a prefix from
    // nvcc, "__nv_static_<n>__<translation unit id>_", whose id changes from build to build.
    constexpr std::string_view internal = "__nv_static_";
    if (name.compare(0, internal.size(), internal) == 0) {
        const std::size_t mangled = name.find("__Z", internal.size());
        if (mangled != std::string::npos) return demangle(name.substr(mangled + 1));
    }
    if (name.substr(0, 2) != "_Z") return name;
    int status = 0;
    const std::unique_ptr<char, decltype(&std::free)> out(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status),
                                                          &std::free);
    return status == 0 && out ? std::string(out.get()) : name;
}

}  // namespace cudaarch::binary
