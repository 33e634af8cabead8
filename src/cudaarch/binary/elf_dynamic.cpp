// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/elf_dynamic.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace cudaarch::binary {

namespace {

constexpr std::uint32_t pt_interp = 3;
constexpr std::uint64_t dyn_size = 16;
constexpr std::int64_t dt_null = 0;
constexpr std::int64_t dt_needed = 1;
constexpr std::int64_t dt_strtab = 5;
constexpr std::int64_t dt_strsz = 10;
constexpr std::int64_t dt_soname = 14;
constexpr std::int64_t dt_rpath = 15;
constexpr std::int64_t dt_runpath = 29;
constexpr std::int64_t dt_flags_1 = 0x6ffffffb;

// The file offset of the address `vaddr`, through the PT_LOAD segment that maps it from the file.
std::optional<std::uint64_t> file_offset(const Elf& elf, std::uint64_t vaddr) {
    for (const ElfSegment& segment : elf.segments) {
        if (segment.type == pt_load && vaddr >= segment.vaddr && vaddr - segment.vaddr < segment.file_size)
            return segment.offset + (vaddr - segment.vaddr);
    }
    return std::nullopt;
}

struct Entry {
    std::int64_t tag;
    std::uint64_t value;
};

// The NUL-ended string at `offset` of the string table [table, table + size) of `bytes`, read in
// windows that grow until they hold its end, not the whole table: a large library's (6 MB in
// libtorch_cuda.so) names every symbol it exports. Nullopt when it does not end in the table.
std::optional<std::string> table_string(const Bytes& bytes, std::uint64_t table, std::uint64_t size, std::uint64_t offset) {
    if (offset >= size) return std::nullopt;
    for (std::uint64_t window = 256;; window *= 2) {
        const std::uint64_t length = std::min(window, size - offset);
        const std::string_view text = bytes.view(table + offset, length);
        if (const std::size_t end = text.find('\0'); end != std::string_view::npos) return std::string(text.substr(0, end));
        if (length == size - offset) return std::nullopt;
    }
}

}  // namespace

Result<ElfDynamic> read_dynamic(const Bytes& bytes, const Elf& elf) {
    ElfDynamic out;
    out.machine = elf.machine;
    out.type = elf.type;
    const ElfSegment* dynamic = nullptr;
    for (const ElfSegment& segment : elf.segments) {
        if (segment.type == pt_interp) out.has_interpreter = true;
        if (segment.type == pt_dynamic && !dynamic) dynamic = &segment;
    }
    if (!dynamic) return out;
    if (!bytes.fits(dynamic->offset, dynamic->file_size))
        return bytes.error(dynamic->offset, "ELF dynamic section runs past the end of the file");
    std::vector<Entry> entries;
    std::uint64_t strtab = 0, strsz = 0;
    bool has_strtab = false;
    for (std::uint64_t at = dynamic->offset; at - dynamic->offset + dyn_size <= dynamic->file_size; at += dyn_size) {
        const Entry entry{static_cast<std::int64_t>(bytes.u64(at)), bytes.u64(at + 8)};
        if (entry.tag == dt_null) break;
        if (entry.tag == dt_strtab) {
            strtab = entry.value;
            has_strtab = true;
        } else if (entry.tag == dt_strsz) {
            strsz = entry.value;
        } else if (entry.tag == dt_flags_1) {
            out.flags_1 = entry.value;
        }
        entries.push_back(entry);
    }
    const bool has_strings = std::any_of(entries.begin(), entries.end(), [](const Entry& e) {
        return e.tag == dt_needed || e.tag == dt_soname || e.tag == dt_rpath || e.tag == dt_runpath;
    });
    if (!has_strings) return out;
    const std::optional<std::uint64_t> strings_at = has_strtab ? file_offset(elf, strtab) : std::nullopt;
    if (!strings_at || !bytes.fits(*strings_at, strsz))
        return bytes.error(dynamic->offset, "ELF dynamic string table (DT_STRTAB, DT_STRSZ) lies outside the file");
    for (const Entry& entry : entries) {
        if (entry.tag != dt_needed && entry.tag != dt_soname && entry.tag != dt_rpath && entry.tag != dt_runpath) continue;
        std::optional<std::string> string = table_string(bytes, *strings_at, strsz, entry.value);
        if (!string)
            return bytes.error(*strings_at, "ELF dynamic string at " + std::to_string(entry.value) +
                                                " runs past the dynamic string table");
        std::string value = std::move(*string);
        if (entry.tag == dt_needed) out.needed.push_back(std::move(value));
        else if (entry.tag == dt_soname) out.soname = std::move(value);
        // ld.so keeps the last entry of each tag (elf_get_dynamic_info overwrites), so do we.
        else if (entry.tag == dt_rpath) out.rpath = std::move(value);
        else out.runpath = std::move(value);
    }
    return out;
}

}  // namespace cudaarch::binary
