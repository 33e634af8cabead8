// SPDX-License-Identifier: Apache-2.0
// Writes the regression inputs of tests/fuzz/corpus: truncated, overlapping, huge-size and
// self-referencing headers for each reader. Run: make_corpus <dir>.
#include <fstream>
#include <iostream>
#include <string>

#include "byte_builder.hpp"

using namespace cudaarch::testing;

namespace {

std::string with(std::string bytes, std::size_t at, const std::string& patch) { return bytes.replace(at, patch.size(), patch); }
std::string le(std::uint64_t value, int size) {
    std::string out;
    put(out, value, size);
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: make_corpus <dir>\n";
        return 2;
    }
    const std::string dir = argv[1];
    const auto write = [&](const std::string& name, const std::string& bytes) {
        std::ofstream(dir + "/" + name, std::ios::binary) << bytes;
    };
    Entry ptx{1, 120, 0x208011, 9, 0, std::string(8, 'p'), 5, 40};
    Entry dbg{2, 90, 0x100013};
    dbg.identifier = "k.cu";
    const std::string fatbin = fatbin_bytes({Entry{}, ptx, dbg, Entry{8, 100}});
    write("fatbin_valid", fatbin);
    write("fatbin_truncated_header", fatbin.substr(0, 10));
    write("fatbin_truncated_entry", fatbin.substr(0, 16 + 40));
    write("fatbin_huge_fat_size", with(fatbin, 8, le(~0ull, 8)));
    write("fatbin_entry_header_zero", with(fatbin, 16 + 4, le(0, 4)));              // would not advance
    write("fatbin_entry_payload_wraps", with(fatbin, 16 + 8, le(~0ull - 63, 8)));    // header + payload wraps to 0
    write("fatbin_ident_outside_header", with(fatbin, 16 + 80 + 72 + 0x20, le(0xfffffff0, 4)));
    write("fatbin_arch_huge", with(fatbin, 16 + 0x1c, le(0xffffffff, 4)));
    write("fatbin_two_codecs", with(fatbin, 16 + 0x28, le(0xa011, 8)));
    write("fatbin_then_garbage", fatbin + "garbage!" + fatbin.substr(0, 20));

    const std::string object = elf_bytes({62, 0, 0, {{".nv_fatbin", fatbin}, {".rodata", "12345678" + fatbin}}});
    const std::size_t shoff = 64 + fatbin.size() + 8 + fatbin.size() + 32;  // data, then padded .shstrtab
    write("elf_valid", object);
    write("elf_truncated_header", object.substr(0, 40));
    write("elf_truncated_section_table", object.substr(0, object.size() - 10));
    write("elf_huge_section_count", with(object, 60, le(0xfffe, 2)));
    write("elf_huge_section_offset", with(object, 40, le(~0ull - 8, 8)));
    write("elf_section_past_end", with(object, shoff + 64 + 32, le(~0ull, 8)));
    write("elf_section_name_out_of_range", with(object, shoff + 64, le(0xffffff, 4)));
    write("elf_name_table_index_loop", with(object, 62, le(0xffff, 2)));  // SHN_XINDEX -> section 0's link (0)
    write("elf_extended_count_huge", with(with(object, 60, le(0, 2)), shoff + 32, le(~0ull, 8)));
    // Both sections cover the same container: listed once.
    write("elf_overlapping_sections", with(object, shoff + 128 + 24, le(64, 8)));
    write("elf_32bit", with(object, 4, "\x01"));
    // Program headers only: one PT_LOAD over the whole file, then one past its end.
    std::string segments = with(with(with(object, 40, le(0, 8)), 60, le(0, 4)), 32, le(object.size(), 8));
    segments = with(segments, 54, le(56, 2) + le(1, 2));
    segments += le(1, 4) + le(5, 4) + le(0, 8) + le(0, 16) + le(object.size(), 8) + le(object.size(), 8) + le(8, 8);
    write("elf_segments_only", segments);
    write("elf_segment_past_end", with(segments, 56, le(2, 2)) + le(1, 4) + le(5, 4) + le(8, 8) + le(0, 16) + le(~0ull, 8) + le(0, 16));

    const std::string compat("\x04\x0b\xff\xff\x02\x09\x01\x00", 8);
    write("cubin_v2_compat_overrun", elf_bytes({190, 8, 0x06006402, {{".nv.compat", compat}}}));
    write("cubin_v1", elf_bytes({190, 7, 0x005a0d5a, {}}));

    const std::string archive = ar_bytes({{"host.o", elf_bytes({})}, {"a_rather_long_member_name.o", object}, {"k.fatbin", fatbin}});
    write("ar_valid", archive);
    write("ar_truncated_member_header", archive.substr(0, 8 + 60 + 4 + 30));
    write("ar_huge_member_size", with(archive, 8 + 48, "9999999999"));
    write("ar_bad_member_size", with(archive, 8 + 48, "-1        "));
    write("ar_long_name_out_of_range", with(archive, archive.find("/0 "), "/999"));
    write("ar_member_truncated_elf", ar_bytes({{"k.o", object.substr(0, 100)}}));
    write("ar_bsd_name_longer_than_member", "!<arch>\n#1/99           0           0     0     644     4         `\nabcd");
    write("ar_thin", "!<thin>\n");

    write("ptx_valid", "// comment\n.version 9.0\n.target sm_90a\n.address_size 64\n");
    write("ptx_bad_version", ".version 99999999999.0\n.target sm_90\n");
    write("ptx_unterminated_comment", ".version 9.0 /* no end");
    return 0;
}
