// SPDX-License-Identifier: Apache-2.0
// Unit tests of the binary readers on hand-made inputs: parsed fields and exact error texts.
#include <gtest/gtest.h>

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <optional>
#include <fstream>
#include <random>
#include <sstream>
#include <string_view>

#include "byte_builder.hpp"
#include "cudaarch/binary/ar.hpp"
#include "cudaarch/binary/cubin.hpp"
#include "cudaarch/binary/elf.hpp"
#include "cudaarch/binary/fatbin.hpp"
#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/binary/ptx.hpp"
#include "cudaarch/binary/runtime_table.hpp"

namespace {

using namespace cudaarch;
using namespace cudaarch::binary;
using namespace cudaarch::testing;

template <class T>
std::string error_of(const Result<T>& result) {
    return result ? "(no error)" : result.error().message;
}

// ---- fatbin ----------------------------------------------------------------------------------

TEST(Fatbin, ReadsEveryEntryHeader) {
    Entry ptx{1, 90, 0x11 | 0x8000 | 0x100000, 9, 0, std::string(24, 'p'), 21, 700};
    Entry lto{8, 100, 0x11, 1, 65};
    Entry dbg{2, 120, 0x13 | 0x200000};
    dbg.identifier = "dir/k.cu";
    const std::string data = fatbin_bytes({Entry{}, ptx, lto, dbg});
    auto container = read_fatbin(Bytes("t.fatbin", data, 0x100), 0);
    ASSERT_TRUE(container) << error_of(container);
    EXPECT_EQ(container->offset, 0x100u);
    EXPECT_EQ(container->size, data.size());
    ASSERT_EQ(container->entries.size(), 4u);
    const FatbinEntry& e = container->entries[1];
    EXPECT_EQ(e.offset, 0x100u + 16 + 64 + 16);
    EXPECT_EQ(e.kind, 1);
    EXPECT_EQ(e.arch, 90u);
    EXPECT_EQ(e.version_major, 9);
    EXPECT_EQ(e.version_minor, 0);
    EXPECT_EQ(e.compressed_size, 21u);
    EXPECT_EQ(e.uncompressed_size, 700u);
    EXPECT_EQ(e.payload_size, 24u);
    EXPECT_EQ(container->entries[3].identifier, "dir/k.cu");
    EXPECT_EQ(container->entries[3].header_size, 80u);
}

TEST(Fatbin, RejectsTruncatedHeader) {
    const std::string data = fatbin_bytes({}).substr(0, 12);
    EXPECT_EQ(error_of(read_fatbin(Bytes("t.fatbin", data), 0)), "t.fatbin: truncated fatbin header at offset 0x0");
}

TEST(Fatbin, TruncatedHeaderAtTheEndOfAFatbinSectionIsAnError) {
    const std::string data = fatbin_bytes({Entry{}}) + fatbin_bytes({}).substr(0, 8);
    EXPECT_EQ(error_of(scan_fatbins(Bytes("t.fatbin", data), 0, ScanMode::strict)),
              "t.fatbin: truncated fatbin header at offset 0x60");
    auto lenient = scan_fatbins(Bytes("t.fatbin", data), 0, ScanMode::lenient);
    ASSERT_TRUE(lenient);
    EXPECT_EQ(lenient->size(), 1u);
}

TEST(Fatbin, RejectsHugeContainerSize) {
    const std::string data = fatbin_bytes({Entry{}}, ~0ull - 1);
    EXPECT_EQ(error_of(read_fatbin(Bytes("t.fatbin", data, 0x40), 0)),
              "t.fatbin: fatbin container of 18446744073709551614 bytes runs past the end of its section at offset 0x40");
}

TEST(Fatbin, RejectsUnknownVersion) {
    std::string data = fatbin_bytes({Entry{}});
    data[4] = 2;
    EXPECT_EQ(error_of(read_fatbin(Bytes("t.fatbin", data), 0)), "t.fatbin: unsupported fatbin version 2 at offset 0x4");
}

TEST(Fatbin, RejectsEntryHeaderBelow64Bytes) {
    Entry e;
    e.header_size = 8;  // would loop over the same bytes if it were trusted
    EXPECT_EQ(error_of(read_fatbin(Bytes("t.fatbin", fatbin_bytes({e})), 0)),
              "t.fatbin: fatbin entry header size 8 is below 64 at offset 0x14");
}

TEST(Fatbin, RejectsEntryPastItsContainer) {
    Entry e;
    e.payload_size = 0xffffffffffffffc0;  // header + payload wraps around 2^64
    EXPECT_EQ(error_of(read_fatbin(Bytes("t.fatbin", fatbin_bytes({e})), 0)),
              "t.fatbin: fatbin entry runs past the end of its container at offset 0x10");
}

TEST(Fatbin, RejectsTruncatedEntryHeader) {
    const std::string data = fatbin_bytes({Entry{}}, 64 + 16 + 30);
    EXPECT_EQ(error_of(read_fatbin(Bytes("t.fatbin", data + std::string(30, '\0')), 0)),
              "t.fatbin: truncated fatbin entry header at offset 0x60");
}

TEST(Fatbin, RejectsCompressedSizeAbovePayload) {
    Entry e;
    e.compressed_size = 17;
    EXPECT_EQ(error_of(read_fatbin(Bytes("t.fatbin", fatbin_bytes({e})), 0)),
              "t.fatbin: fatbin entry compressed size exceeds its payload size at offset 0x20");
}

TEST(Fatbin, RejectsTwoCodecs) {
    Entry e;
    e.flags = 0x2000 | 0x8000;
    EXPECT_EQ(error_of(read_fatbin(Bytes("t.fatbin", fatbin_bytes({e})), 0)),
              "t.fatbin: fatbin entry claims both LZ4 and zstd compression at offset 0x38");
}

TEST(Fatbin, RejectsOutOfRangeArch) {
    Entry e;
    e.arch = 0xffffffff;
    EXPECT_EQ(error_of(read_fatbin(Bytes("t.fatbin", fatbin_bytes({e})), 0)),
              "t.fatbin: fatbin entry architecture 4294967295 is out of range at offset 0x2c");
}

TEST(Fatbin, RejectsIdentifierOutsideHeader) {
    Entry e;
    e.identifier = "k.cu";
    e.header_size = 66;
    e.payload_size = 14;
    EXPECT_EQ(error_of(read_fatbin(Bytes("t.fatbin", fatbin_bytes({e})), 0)),
              "t.fatbin: fatbin entry identifier lies outside its header at offset 0x30");
}

TEST(FatbinScan, FindsAlignedContainersAfterNoiseAndSkipsBadOnesWhenLenient) {
    std::string bad = fatbin_bytes({Entry{}});
    bad[4] = 7;  // bad version
    // noise(8) | bad container | noise(3) pad to 8 | good | magic at an odd offset | good
    std::string data = std::string(8, 'n') + bad + "nnn";
    pad_to(data, 8);
    const std::size_t first = data.size();
    data += fatbin_bytes({Entry{}});
    data += "m\x50\xed\x55\xba";  // misaligned magic: not a candidate
    pad_to(data, 8);
    const std::size_t second = data.size();
    data += fatbin_bytes({Entry{}, Entry{}});
    auto found = scan_fatbins(Bytes("x.so", data, 0x1000), 0x1000, ScanMode::lenient);
    ASSERT_TRUE(found) << error_of(found);
    ASSERT_EQ(found->size(), 2u);
    EXPECT_EQ((*found)[0].offset, 0x1000 + first);
    EXPECT_EQ((*found)[1].offset, 0x1000 + second);
    EXPECT_EQ((*found)[1].entries.size(), 2u);

    EXPECT_EQ(error_of(scan_fatbins(Bytes("x.so", data, 0x1000), 0x1000, ScanMode::strict)),
              "x.so: unsupported fatbin version 7 at offset 0x100c");
}

TEST(FatbinScan, AlignsRelativeToTheObject) {
    // A member at an odd archive offset: candidates are 8-aligned from the member's start.
    const std::string data = std::string(8, 'n') + fatbin_bytes({Entry{}});
    auto found = scan_fatbins(Bytes("a.a(m.o)", data, 0x45), 0x45, ScanMode::lenient);
    ASSERT_TRUE(found) << error_of(found);
    ASSERT_EQ(found->size(), 1u);
    EXPECT_EQ((*found)[0].offset, 0x4du);
}

// The lenient scan by its definition, one offset after the other: at the region's start and at
// each container's end, then at each offset 8-aligned relative to the object.
std::vector<std::uint64_t> scan_by_definition(const Bytes& region, std::uint64_t misalignment) {
    std::vector<std::uint64_t> offsets;
    for (std::uint64_t at = 0; region.fits(at, 4);) {
        if (auto container = read_fatbin(region, at)) {
            offsets.push_back(container->offset);
            at += container->size;
        } else {
            at += 8 - (at + misalignment) % 8;
        }
    }
    return offsets;
}

std::vector<std::uint64_t> offsets_of(const std::vector<FatbinContainer>& containers) {
    std::vector<std::uint64_t> offsets;
    for (const FatbinContainer& container : containers) offsets.push_back(container.offset);
    return offsets;
}

TEST(FatbinScan, PartsScannedApartJoinToTheOnePassScan) {
    // A at 240 holds in its payload the start of B (at 320), whose declared end (600) lies past
    // A's end (576), where C starts. The one-pass scan takes A, then C; a part that starts at 320
    // takes B and skips C, so the join must search the range B hid from that part itself.
    const std::string b = fatbin_bytes({Entry{2, 86, 0x11, 1, 8, std::string(200, 'y')}});
    const std::string a = fatbin_bytes({Entry{2, 75, 0x11, 1, 8, b.substr(0, 256)}});
    const std::string c = fatbin_bytes({Entry{2, 90}});
    std::string bad = fatbin_bytes({Entry{}});
    bad[4] = 7;
    // Then a bad container, one at an unaligned offset (not a candidate), one that ends at an
    // unaligned offset and one right there (a candidate: it follows a container).
    std::string data = std::string(240, 'n') + a + c + "nnnnnnn" + bad + "n" + fatbin_bytes({Entry{2, 100}}) +
                       std::string(13, 'n') + fatbin_bytes({Entry{2, 120}});
    pad_to(data, 8);
    data += fatbin_bytes({Entry{2, 103, 0x11, 1, 8, std::string(13, 'z')}}) + fatbin_bytes({Entry{2, 121}}) + "tail";
    for (const std::uint64_t misalignment : {0u, 3u}) {
        const Bytes region("x.so", data, 0x1000 + misalignment);
        const std::vector<std::uint64_t> expected = scan_by_definition(region, misalignment);
        ASSERT_EQ(offsets_of(scan_fatbins(region, 0x1000, ScanMode::lenient).value()), expected);
        if (misalignment == 0) {
            ASSERT_EQ(expected.size(), 5u);
            EXPECT_EQ(expected[0], 0x1000u + 240);
            EXPECT_EQ(expected[1], 0x1000u + 576);
        }
        std::string buffer;
        for (std::uint64_t part_size = 1; part_size <= data.size(); part_size += part_size < 64 ? 1 : 13) {
            std::vector<ScanPart> parts;
            for (std::uint64_t begin = 0; begin < data.size(); begin += part_size)
                parts.push_back(scan_part(region, 0x1000, begin, std::min<std::uint64_t>(data.size(), begin + part_size), buffer));
            EXPECT_EQ(offsets_of(join_scan_parts(region, 0x1000, std::move(parts))), expected)
                << "parts of " << part_size << " bytes, misaligned by " << misalignment;
        }
    }
}

// The strict walk by its definition: a container at the region's start and at each container's
// end, else at the next offset 8-aligned relative to the object that holds the magic; a bad one
// is the error.
Result<std::vector<std::uint64_t>> walk_by_definition(const Bytes& region, std::uint64_t misalignment) {
    std::vector<std::uint64_t> offsets;
    for (std::uint64_t at = 0; region.fits(at, 4);) {
        if (region.view(at, 4) != "\x50\xed\x55\xba") {
            at += 8 - (at + misalignment) % 8;
            continue;
        }
        auto container = read_fatbin(region, at);
        if (!container) return container.error();
        offsets.push_back(container->offset);
        at += container->size;
    }
    return offsets;
}

TEST(FatbinScan, WalkPartsJoinToTheOneWalk) {
    // As above: A holds the start of B, which a part that starts inside A takes for a container;
    // then C, padding, two containers that padding leaves unaligned (not candidates) and one after
    // aligned padding: A, C and the last. With a bad container at the end, every split reports the
    // one walk's error.
    const std::string b = fatbin_bytes({Entry{2, 86, 0x11, 1, 8, std::string(200, 'y')}});
    const std::string a = fatbin_bytes({Entry{2, 75, 0x11, 1, 8, b.substr(0, 96)}});
    std::string bad = fatbin_bytes({Entry{}});
    bad[4] = 7;
    std::string good = std::string(240, 'n') + a + fatbin_bytes({Entry{2, 90}}) + "nnnnnnn" +
                       fatbin_bytes({Entry{2, 100, 0x11, 1, 8, std::string(13, 'z')}}) + fatbin_bytes({Entry{2, 120}});
    pad_to(good, 8);
    good += fatbin_bytes({Entry{2, 121}}) + "tail";
    std::string failing = good;
    pad_to(failing, 8);
    failing += bad + fatbin_bytes({Entry{2, 103}});
    for (const std::string* data : {&good, &failing}) {
        for (const std::uint64_t misalignment : {0u, 3u}) {
            const Bytes region("x.so", *data, 0x1000 + misalignment);
            const auto expected = walk_by_definition(region, misalignment);
            if (data == &good && misalignment == 0) {
                ASSERT_TRUE(expected);
                ASSERT_EQ(expected->size(), 3u);
                EXPECT_EQ((*expected)[0], 0x1000u + 240);
            } else if (data == &failing && misalignment == 0) {
                std::ostringstream at;
                at << std::hex << 0x1000 + failing.size() - bad.size() - fatbin_bytes({Entry{2, 103}}).size() + 4;
                EXPECT_EQ(error_of(expected), "x.so: unsupported fatbin version 7 at offset 0x" + at.str());
            }
            std::string buffer;
            for (std::uint64_t part_size = 1; part_size <= data->size(); part_size += part_size < 400 ? 1 : 13) {
                std::vector<WalkPart> parts;
                for (std::uint64_t begin = 0; begin < data->size(); begin += part_size)
                    parts.push_back(walk_part(region, 0x1000, begin, std::min<std::uint64_t>(data->size(), begin + part_size), buffer));
                const auto joined = join_walk_parts(region, 0x1000, std::move(parts));
                const std::string why = "parts of " + std::to_string(part_size) + " bytes, misaligned by " + std::to_string(misalignment);
                ASSERT_EQ(error_of(joined), error_of(expected)) << why;
                if (joined) EXPECT_EQ(offsets_of(*joined), *expected) << why;
            }
            const auto whole = scan_fatbins(region, 0x1000, ScanMode::strict);
            EXPECT_EQ(error_of(whole), error_of(expected));
            if (whole) EXPECT_EQ(offsets_of(*whole), *expected);
        }
    }
}

TEST(FatbinScan, MagicSearchFindsTheFirstAlignedMagicOnly) {
    // Every search length over buffers holding magics at aligned and unaligned offsets, within
    // and across 128-byte steps, from each start: as the definition, and as the portable loop.
    const std::string magic = "\x50\xed\x55\xba";
    std::mt19937 random(25);
    for (int round = 0; round < 200; ++round) {
        std::string data(8 + random() % 700, 'n');
        for (char& c : data) c = "\x50\xed\x55\xba"[random() % 4];  // near misses everywhere
        for (unsigned plants = random() % 4; plants > 0; --plants)
            data.replace(random() % (data.size() - 3), 4, magic);
        for (std::size_t start = 0; start < 8; ++start) {
            const char* p = data.data() + start;
            for (std::uint64_t count = 0; start + count + 3 <= data.size(); ++count) {
                std::uint64_t expected = 0;
                while (expected < count && std::string_view(p + expected, 4) != magic) expected += 8;
                ASSERT_EQ(first_magic(p, count), expected) << "round " << round << ", start " << start << ", count " << count;
                ASSERT_EQ(first_magic_portable(p, count), expected);
            }
        }
    }
}

// ---- the CUDA runtime's API table -------------------------------------------------------------

// A run of the table: `count` entries at `offset`, versions rising by 10 to `newest`.
void put_table_run(std::string& data, std::uint64_t offset, std::uint32_t count, std::uint32_t newest) {
    for (std::uint32_t k = 0; k < count; ++k) {
        std::string entry(24, '\0');
        const std::uint32_t version = newest - 10 * (count - 1 - k);
        std::memcpy(&entry[8], &version, 4);
        data.replace(offset + 24 * k, 24, entry);
    }
}

TEST(RuntimeTable, NewestOfTheLongRunsAtEachPhaseAndAcrossReadPieces) {
    // Runs at the three 8-byte phases of the 24-byte stride: one of 32 entries (long enough), one
    // of 31 with a newer version (too short: not the table), and one across the 1 MiB read piece
    // boundary, which is read in two reads and counted as one run.
    std::string data((1 << 20) + 4096, '\0');
    put_table_run(data, 0, 32, 12080);
    put_table_run(data, 24 * 40 + 16, 31, 13020);
    put_table_run(data, (1 << 20) - 24 * 20 + 8, 40, 13000);
    const std::string file = elf_bytes({62, 0, 0, {{".data.rel.ro", data, 1, 3}}, 3});
    const Bytes bytes("lib.so", file);
    const auto elf = read_elf(bytes);
    ASSERT_TRUE(elf) << error_of(elf);
    EXPECT_EQ(runtime_api_version(bytes, *elf), std::optional<std::uint32_t>(13000));
    // That run broken in two by an entry that is none, neither part long enough: the 12.8 run is
    // the newest.
    std::string shorter = data;
    shorter.replace((1 << 20) + 8, 24, std::string(24, '\0'));
    const std::string file2 = elf_bytes({62, 0, 0, {{".data.rel.ro", shorter, 1, 3}}, 3});
    const Bytes bytes2("lib.so", file2);
    EXPECT_EQ(runtime_api_version(bytes2, read_elf(bytes2).value()), std::optional<std::uint32_t>(12080));
}

// ---- ELF -------------------------------------------------------------------------------------

TEST(Elf, ReadsSections) {
    const std::string data = elf_bytes({62, 0, 0, {{".text", "code"}, {".bss", "", 8}, {".nv_fatbin", "fb"}}});
    auto elf = read_elf(Bytes("k.o", data));
    ASSERT_TRUE(elf) << error_of(elf);
    ASSERT_EQ(elf->sections.size(), 4u);
    EXPECT_EQ(elf->sections[0].name, ".text");
    EXPECT_EQ(elf->sections[0].offset, 64u);
    EXPECT_EQ(elf->sections[0].size, 4u);
    EXPECT_EQ(elf->sections[1].size, 0u);  // NOBITS
    EXPECT_EQ(elf->sections[2].name, ".nv_fatbin");
    EXPECT_EQ(elf->sections[3].name, ".shstrtab");
}

TEST(Elf, RejectsTruncatedHeader) {
    EXPECT_EQ(error_of(read_elf(Bytes("k.o", "\x7f" "ELF\x02\x01"))), "k.o: truncated ELF header at offset 0x0");
}

TEST(Elf, Rejects32Bit) {
    std::string data = elf_bytes({});
    data[4] = 1;
    EXPECT_EQ(error_of(read_elf(Bytes("k.o", data))),
              "k.o: unsupported ELF class or byte order (only 64-bit little-endian ELF is read) at offset 0x4");
}

TEST(Elf, RejectsSectionTablePastTheEnd) {
    std::string data = elf_bytes({62, 0, 0, {{".text", "code"}}});
    data.resize(data.size() - 1);
    EXPECT_EQ(error_of(read_elf(Bytes("k.o", data))),
              "k.o: ELF section header table of 3 entries runs past the end of the file at offset 0x58");
}

TEST(Elf, RejectsHugeSectionCount) {
    std::string data = elf_bytes({62, 0, 0, {{".text", "code"}}});
    data[60] = '\xff';
    data[61] = '\x7f';
    EXPECT_EQ(error_of(read_elf(Bytes("k.o", data))),
              "k.o: ELF section header table of 32767 entries runs past the end of the file at offset 0x58");
}

TEST(Elf, RejectsSectionPastTheEnd) {
    std::string data = elf_bytes({62, 0, 0, {{".nv_fatbin", "12345678"}}});
    std::string size;
    put(size, 0xffffffffffff, 8);
    data.replace(0x60 + 64 + 32, 8, size);  // section 1's sh_size
    EXPECT_EQ(error_of(read_elf(Bytes("k.o", data))), "k.o: ELF section .nv_fatbin runs past the end of the file at offset 0xa0");
}

TEST(Elf, RejectsNameOutsideTheNameTable) {
    std::string data = elf_bytes({62, 0, 0, {{".text", "code"}}});
    data[0x58 + 64] = '\x70';  // section 1's sh_name
    EXPECT_EQ(error_of(read_elf(Bytes("k.o", data))),
              "k.o: name of ELF section 1 runs past the section name table at offset 0x98");
}

TEST(Elf, RejectsNameTableIndexOutOfRange) {
    std::string data = elf_bytes({62, 0, 0, {{".text", "code"}}});
    data[62] = 9;
    EXPECT_EQ(error_of(read_elf(Bytes("k.o", data))), "k.o: ELF section name table index 9 is out of range at offset 0x3e");
}

TEST(Elf, ReadsExtendedSectionNumbering) {
    std::string data = elf_bytes({62, 0, 0, {{".text", "code"}}});
    data[60] = 0;  // e_shnum 0: the count is in section 0's sh_size
    data[61] = 0;
    data[0x58 + 32] = 3;
    data[62] = '\xff';  // SHN_XINDEX: the name table index is in section 0's sh_link
    data[63] = '\xff';
    data[0x58 + 40] = 2;
    auto elf = read_elf(Bytes("k.o", data));
    ASSERT_TRUE(elf) << error_of(elf);
    ASSERT_EQ(elf->sections.size(), 2u);
    EXPECT_EQ(elf->sections[0].name, ".text");
}

// ---- ar --------------------------------------------------------------------------------------

TEST(Ar, ReadsMembersWithLongNamesAndPadding) {
    const std::string data = ar_bytes({{"a.o", "odd"}, {"a_rather_long_member_name.o", "data"}, {"b.o", ""}});
    auto members = read_archive(Bytes("lib.a", data));
    ASSERT_TRUE(members) << error_of(members);
    ASSERT_EQ(members->size(), 3u);
    EXPECT_EQ((*members)[0].name, "a.o");
    EXPECT_EQ(data.substr((*members)[0].data_offset, (*members)[0].data_size), "odd");
    EXPECT_EQ((*members)[1].name, "a_rather_long_member_name.o");
    EXPECT_EQ(data.substr((*members)[1].data_offset, (*members)[1].data_size), "data");
    EXPECT_EQ((*members)[2].name, "b.o");
}

TEST(Ar, ReadsBsdNames) {
    const std::string data = "!<arch>\n#1/12           0           0     0     644     16        `\n" +
                             std::string("long_name.o\0data", 16);
    auto members = read_archive(Bytes("lib.a", data));
    ASSERT_TRUE(members) << error_of(members);
    ASSERT_EQ(members->size(), 1u);
    EXPECT_EQ((*members)[0].name, "long_name.o");
    EXPECT_EQ((*members)[0].data_size, 4u);
}

TEST(Ar, RejectsTruncatedHeader) {
    const std::string data = ar_bytes({{"a.o", "x"}});
    EXPECT_EQ(error_of(read_archive(Bytes("lib.a", data.substr(0, data.size() - 30)))),
              "lib.a: truncated archive member header at offset 0x48");
}

TEST(Ar, RejectsBadSize) {
    std::string data = ar_bytes({{"a.o", "x"}});
    data[0x48 + 48] = '-';
    EXPECT_EQ(error_of(read_archive(Bytes("lib.a", data))), "lib.a: bad archive member size at offset 0x78");
}

TEST(Ar, RejectsMemberPastTheEnd) {
    std::string data = ar_bytes({{"a.o", "x"}});
    data.replace(0x48 + 48, 10, "9999999999");
    EXPECT_EQ(error_of(read_archive(Bytes("lib.a", data))),
              "lib.a: archive member of 9999999999 bytes runs past the end of the file at offset 0x48");
}

TEST(Ar, RejectsLongNameOutOfRange) {
    std::string data = ar_bytes({{"a_rather_long_member_name.o", "x"}});
    const std::size_t member = data.find("/0 ");
    data.replace(member + 1, 2, "99");
    EXPECT_EQ(error_of(read_archive(Bytes("lib.a", data))),
              "lib.a: archive member long name is out of range at offset " + hex(member));
}

// ---- cubin and PTX ---------------------------------------------------------------------------

TEST(Cubin, V1FlagsGiveSmAndArchSpecificBit) {
    const std::string data = elf_bytes({190, 7, 0x005a0d5a, {}});
    auto elf = read_elf(Bytes("k.cubin", data));
    ASSERT_TRUE(elf);
    auto arch = cubin_arch(*elf, Bytes("k.cubin", data));
    ASSERT_TRUE(arch) << error_of(arch);
    EXPECT_EQ(arch->sm(), "sm_90a");
}

TEST(Cubin, V2FlagsAndCompatRecord) {
    const std::string compat("\x02\x02\x01\x00\x04\x0b\x02\x00zz\x02\x09\x01\x00", 14);
    const std::string data = elf_bytes({190, 8, 0x06006402, {{".nv.compat", compat}}});
    auto elf = read_elf(Bytes("k.cubin", data));
    ASSERT_TRUE(elf);
    auto arch = cubin_arch(*elf, Bytes("k.cubin", data));
    ASSERT_TRUE(arch) << error_of(arch);
    EXPECT_EQ(arch->sm(), "sm_100a");

    const std::string plain = elf_bytes({190, 8, 0x06007802, {{".nv.compat", std::string("\x02\x09\x00\x00", 4)}}});
    auto plain_arch = cubin_arch(*read_elf(Bytes("k.cubin", plain)), Bytes("k.cubin", plain));
    ASSERT_TRUE(plain_arch);
    EXPECT_EQ(plain_arch->sm(), "sm_120");
}

TEST(Cubin, RejectsUnknownCompatRecord) {
    const std::string data = elf_bytes({190, 8, 0x06006402, {{".nv.compat", std::string("\x07\x09\x01\x00", 4)}}});
    EXPECT_EQ(error_of(cubin_arch(*read_elf(Bytes("k.cubin", data)), Bytes("k.cubin", data))),
              "k.cubin: unknown .nv.compat record format 7 at offset 0x40");
}

TEST(Cubin, RejectsTruncatedCompatRecord) {
    const std::string data = elf_bytes({190, 8, 0x06006402, {{".nv.compat", std::string("\x02\x02\x01\x00\x04\x0b\x09\x00zz", 10)}}});
    EXPECT_EQ(error_of(cubin_arch(*read_elf(Bytes("k.cubin", data)), Bytes("k.cubin", data))),
              "k.cubin: truncated .nv.compat record at offset 0x44");
}

TEST(Ptx, ReadsVersionAndTarget) {
    const std::string text = "//\n// Generated\n/* block */ .version 9.0\n.target sm_120f, debug\n.address_size 64\n";
    EXPECT_TRUE(looks_like_ptx(Bytes("k.ptx", text)));
    auto header = read_ptx_header(Bytes("k.ptx", text));
    ASSERT_TRUE(header) << error_of(header);
    EXPECT_EQ(header->isa, (PtxIsa{9, 0}));
    EXPECT_EQ(header->target.compute(), "compute_120f");
}

TEST(Ptx, RejectsBadDirectives) {
    EXPECT_FALSE(looks_like_ptx(Bytes("k.c", "int main() {}")));
    // The sniffer reads a bounded prefix: a long run without white space is no PTX.
    EXPECT_FALSE(looks_like_ptx(Bytes("zeros", std::string(3 << 20, '\0'))));
    const std::string late = std::string(ptx_header_limit, '\n') + ".version 9.0\n.target sm_90\n";
    EXPECT_EQ(error_of(read_ptx_header(Bytes("late.ptx", late))), "late.ptx: PTX text has no .target directive in its first 1 MiB at offset 0x100000");
    EXPECT_EQ(error_of(read_ptx_header(Bytes("k.ptx", ".version 9.x\n"))), "k.ptx: bad PTX .version '9.x' at offset 0x9");
    EXPECT_EQ(error_of(read_ptx_header(Bytes("k.ptx", ".version 9.0\n.target compute_90\n"))),
              "k.ptx: bad PTX .target 'compute_90' at offset 0x15");
    EXPECT_EQ(error_of(read_ptx_header(Bytes("k.ptx", ".version 9.0\n"))), "k.ptx: PTX text has no .target directive at offset 0xd");
}

// ---- the lister ------------------------------------------------------------------------------

TEST(ListImages, FindsContainersInEverySection) {
    Entry ptx{1, 75, 0x11};
    ptx.major = 7;
    ptx.minor = 8;
    const std::string data = elf_bytes({62, 0, 0,
                                         {{".nv_fatbin", fatbin_bytes({Entry{}, Entry{2, 90, 0x100011}})},
                                          {".rodata", "padding!" + fatbin_bytes({ptx})},
                                          {"__nv_relfatbin", fatbin_bytes({Entry{8, 100, 0x8011, 1, 65, "zz", 2, 9}})}}});
    auto listing = list_images_in("x.so", data);
    ASSERT_TRUE(listing) << error_of(listing);
    EXPECT_EQ(listing->format, FileFormat::elf);
    ASSERT_EQ(listing->images.size(), 4u);
    EXPECT_EQ(listing->images[0].name(), "sm_80");
    EXPECT_EQ(listing->images[1].name(), "sm_90a");
    EXPECT_EQ(listing->images[2].name(), "compute_75");
    EXPECT_EQ(listing->images[2].section, ".rodata");
    EXPECT_EQ(listing->images[2].ptx_isa->text(), "7.8");
    EXPECT_EQ(listing->images[3].name(), "lto_100");
    EXPECT_EQ(listing->images[3].compression, Compression::zstd);
    EXPECT_EQ(listing->images[3].stored_size, 2u);
    EXPECT_EQ(listing->images[3].uncompressed_size, 9u);
}

TEST(ListImages, LargeInputsAreScannedInParallelAndListedInSectionOrder) {
    // 81 MiB to scan takes the two-thread path (40 MiB each); images must still come in file order.
    const std::string filler(40 << 20, '\0');
    const std::string data = elf_bytes({62, 0, 0,
                                         {{".a", filler + fatbin_bytes({Entry{2, 75}})},
                                          {".nv_fatbin", fatbin_bytes({Entry{2, 80}})},
                                          {".b", fatbin_bytes({Entry{2, 86}}) + filler + fatbin_bytes({Entry{2, 89}})},
                                          {".c", std::string(1 << 20, '\0') + fatbin_bytes({Entry{2, 90}})}}});
    auto listing = list_images_in("big.so", data);
    ASSERT_TRUE(listing) << error_of(listing);
    std::string names;
    for (const Image& image : listing->images) names += image.name() + "@" + image.section + " ";
    EXPECT_EQ(names, "sm_75@.a sm_80@.nv_fatbin sm_86@.b sm_89@.b sm_90@.c ");
}

TEST(ListImages, CodeAndTableSectionsAreNotSearched) {
    const std::string container = fatbin_bytes({Entry{2, 75}});
    const std::string data = elf_bytes({62, 0, 0,
                                         {{".text", container, 1, 6},       // SHF_ALLOC | SHF_EXECINSTR
                                          {".rela.dyn", container, 4, 2},   // SHT_RELA
                                          {".dynstr", container, 3, 2},     // SHT_STRTAB
                                          {".nv_fatbin", fatbin_bytes({Entry{2, 80}}), 1, 6},
                                          {".eh_frame", container},                 // unwind tables
                                          {".gcc_except_table", container},
                                          {".got", container, 1, 3},                // SHF_WRITE | SHF_ALLOC
                                          {".comment", container, 1, 0},            // not loaded
                                          {".cask_resource", container, 1, 0x42}}});  // SHF_ALLOC | SHF_INFO_LINK
    auto listing = list_images_in("x.so", data);
    ASSERT_TRUE(listing) << error_of(listing);
    std::string names;
    for (const Image& image : listing->images) names += image.name() + "@" + image.section + " ";
    EXPECT_EQ(names, "sm_80@.nv_fatbin sm_75@.cask_resource ");
}

TEST(ListImages, FatbinSectionScopeSkipsOtherSectionsAndSegments) {
    const std::string data = elf_bytes({62, 0, 0,
                                         {{".rodata", fatbin_bytes({Entry{2, 75}})},
                                          {"__nv_relfatbin", fatbin_bytes({Entry{}})}}});
    auto listing = list_images_in("x.so", data, Scope::fatbin_sections);
    ASSERT_TRUE(listing) << error_of(listing);
    ASSERT_EQ(listing->images.size(), 1u);
    EXPECT_EQ(listing->images[0].section, "__nv_relfatbin");
}

TEST(ListImages, BadContainerInAFatbinSectionIsAnError) {
    const std::string data = elf_bytes({62, 0, 0, {{".nv_fatbin", fatbin_bytes({Entry{}}, 4096)}}});
    EXPECT_EQ(error_of(list_images_in("x.so", data)),
              "x.so: fatbin container of 4096 bytes runs past the end of its section at offset 0x40");
}

TEST(ListImages, BadContainerElsewhereIsSkipped) {
    const std::string data = elf_bytes({62, 0, 0, {{".rodata", fatbin_bytes({Entry{}}, 4096)}}});
    auto listing = list_images_in("x.so", data);
    ASSERT_TRUE(listing) << error_of(listing);
    EXPECT_TRUE(listing->images.empty());
}

TEST(ListImages, ArchiveMembersAndTheirErrors) {
    const std::string object = elf_bytes({62, 0, 0, {{".nv_fatbin", fatbin_bytes({Entry{}})}}});
    const std::string good = ar_bytes({{"host.o", elf_bytes({})}, {"k.o", object}});
    auto listing = list_images_in("lib.a", good);
    ASSERT_TRUE(listing) << error_of(listing);
    EXPECT_EQ(listing->format, FileFormat::archive);
    ASSERT_EQ(listing->members.size(), 2u);
    ASSERT_EQ(listing->images.size(), 1u);
    EXPECT_EQ(listing->images[0].member, "k.o");
    EXPECT_EQ(listing->images[0].member_offset, listing->members[1].offset);

    const std::string bad = ar_bytes({{"k.o", object.substr(0, 40)}});
    EXPECT_EQ(error_of(list_images_in("lib.a", bad)), "lib.a(k.o): truncated ELF header at offset 0x84");
}

// The table writes every image's origin into one string it reuses: append_origin appends, and
// says what origin() says.
TEST(ListImages, OriginIsAppendedToWhatIsThere) {
    const std::string object = elf_bytes({62, 0, 0, {{".nv_fatbin", fatbin_bytes({Entry{}})}}});
    auto listing = list_images_in("lib.a", ar_bytes({{"k.o", object}}));
    ASSERT_TRUE(listing) << error_of(listing);
    ASSERT_EQ(listing->images.size(), 1u);
    const Image& image = listing->images[0];
    const std::string expected = "k.o:.nv_fatbin@" + hex(image.container_offset);
    EXPECT_EQ(origin(image), expected);
    std::string text = "FROM ";
    append_origin(text, image);
    EXPECT_EQ(text, "FROM " + expected);
    Image cubin;
    cubin.container = Container::cubin;
    EXPECT_EQ(origin(cubin), "cubin");
}

TEST(ListImages, ThinArchiveIsAnError) {
    EXPECT_EQ(error_of(list_images_in("lib.a", "!<thin>\n")),
              "lib.a: thin archives are not supported (their members are separate files) at offset 0x0");
}

TEST(ListImages, UnknownInputHasNoImages) {
    auto listing = list_images_in("notes.txt", "hello");
    ASSERT_TRUE(listing);
    EXPECT_EQ(listing->format, FileFormat::unknown);
    EXPECT_TRUE(listing->images.empty());
}

TEST(FileBytes, NamesTheFileItCannotOpen) {
    EXPECT_EQ(error_of(FileBytes::open("/nonexistent/k.o")), "/nonexistent/k.o: cannot open: No such file or directory");
}

TEST(FileBytes, RejectsWhatIsNotARegularFileWithoutWaiting) {
    const std::string fifo = ::testing::TempDir() + "reader_test.fifo";
    std::remove(fifo.c_str());
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_EQ(error_of(FileBytes::open(fifo)), fifo + ": not a regular file (a FIFO)");  // no writer: no hang
    std::remove(fifo.c_str());
    EXPECT_EQ(error_of(FileBytes::open("/")), "/: not a regular file (a directory)");
    EXPECT_EQ(error_of(FileBytes::open("/dev/null")), "/dev/null: not a regular file (a character device)");
}

// Every text input is read by read_text_file: what is no regular file is refused unread, and
// nothing past the limit is read, whatever the size says (issue 38).
TEST(ReadTextFile, RefusesWhatIsNotARegularFileAndStopsAtTheLimit) {
    const std::string path = ::testing::TempDir() + "reader_test.text";
    std::ofstream(path, std::ios::binary) << std::string(5000, 'x');
    EXPECT_EQ(read_text_file(path, 5000).value().size(), 5000u);
    EXPECT_EQ(error_of(read_text_file(path, 4096)), path + " is larger than 4 KiB");
    EXPECT_EQ(error_of(read_text_file(path, 4999, "the list")), "the list is larger than 4999 bytes");
    std::remove(path.c_str());
    int error = -1;
    EXPECT_EQ(error_of(read_text_file("/dev/zero", 1 << 20, {}, &error)), "/dev/zero: not a regular file (a character device)");
    EXPECT_EQ(error, 0);
    EXPECT_EQ(error_of(read_text_file("/nonexistent/x", 10, {}, &error)), "/nonexistent/x: cannot open: No such file or directory");
    EXPECT_EQ(error, ENOENT);
    // A file of /proc says 0 bytes: only the reading finds it too large.
    EXPECT_EQ(error_of(read_text_file("/proc/self/maps", 16)), "/proc/self/maps is larger than 16 bytes");
    EXPECT_EQ(size_text(64 << 20), "64 MiB");
}

TEST(FileBytes, SurvivesAFileThatShrinksWhileRead) {
    const std::string path = ::testing::TempDir() + "reader_test.shrinks";
    std::ofstream(path, std::ios::binary) << std::string(1 << 20, 'x');
    auto file = FileBytes::open(path);
    ASSERT_TRUE(file) << error_of(file);
    file->need(0, 4096);
    EXPECT_EQ(file->changed(), "");
    ASSERT_EQ(truncate(path.c_str(), 4096), 0);
    file->need(0, 1 << 20);  // a map of the file would die here with SIGBUS
    EXPECT_EQ(file->bytes()[4095], 'x');
    EXPECT_EQ(file->bytes()[4096], '\0');
    EXPECT_EQ(file->changed(), "it became shorter while it was read");
    std::remove(path.c_str());
}

// One thread's ReadMemory serves file after file: each reads as itself, in the same address
// space while it fits, and what a shrunken file lost reads as zeros, not as an earlier file.
TEST(FileBytes, ReadMemoryServesFileAfterFileEachAsItself) {
    const std::string path = ::testing::TempDir() + "reader_test.memory";
    ReadMemory memory;
    const auto read_whole = [&](std::size_t size, char fill) {
        std::ofstream(path, std::ios::binary) << std::string(size, fill);
        auto file = FileBytes::open(path, &memory);
        EXPECT_TRUE(file) << error_of(file);
        file->need(0, size);
        EXPECT_EQ(file->bytes(), std::string(size, fill));
        return file->bytes().data();
    };
    const char* first = read_whole(1 << 20, 'a');
    EXPECT_EQ(read_whole(64 << 10, 'b'), first);
    EXPECT_EQ(read_whole(1 << 20, 'c'), first);
    EXPECT_NE(read_whole(2 << 20, 'd'), nullptr);  // larger: the memory grows
    std::ofstream(path, std::ios::binary) << std::string(1 << 20, 'e');
    auto file = FileBytes::open(path, &memory);
    ASSERT_TRUE(file);
    file->need(0, 4096);
    ASSERT_EQ(truncate(path.c_str(), 4096), 0);
    file->need(0, 1 << 20);
    EXPECT_EQ(file->bytes().substr(0, 4096), std::string(4096, 'e'));
    EXPECT_EQ(file->bytes().substr(4096), std::string((1 << 20) - 4096, '\0'));
    EXPECT_EQ(file->changed(), "it became shorter while it was read");
    std::remove(path.c_str());
}

TEST(FileBytes, NoticesAFileThatGrowsWhileRead) {
    const std::string path = ::testing::TempDir() + "reader_test.grows";
    std::ofstream(path, std::ios::binary) << "hello";
    auto file = FileBytes::open(path);
    ASSERT_TRUE(file);
    std::ofstream(path, std::ios::binary | std::ios::app) << "!";
    EXPECT_EQ(file->changed(), "its size changed from 5 to 6 bytes while it was read");
    std::remove(path.c_str());
}

}  // namespace
