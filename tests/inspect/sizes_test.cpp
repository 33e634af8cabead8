// SPDX-License-Identifier: Apache-2.0
// cudaarch/sizes.hpp on fat binaries built byte by byte: what each image, architecture, module
// and file weighs, and the inputs it refuses.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "byte_builder.hpp"
#include "cudaarch/binary/zstd_frame.hpp"
#include "cudaarch/sizes.hpp"

namespace cudaarch {
namespace {

using testing::Entry;
using testing::fatbin_bytes;

// A raw PTX entry as nvcc stores it: the text, its NUL, zeros up to a multiple of 8.
Entry raw_ptx(std::size_t text_size) {
    Entry e;
    e.kind = 1;
    e.major = 9;
    e.minor = 0;
    e.payload = std::string(text_size, 'p') + '\0';
    testing::pad_to(e.payload, 8);
    return e;
}

TEST(Sizes, PtxCountsItsTextNotItsNulNorThePadding) {
    for (const std::size_t text : {5u, 7u, 8u, 746u}) {
        const auto sizes = read_sizes_in("k.fatbin", fatbin_bytes({raw_ptx(text)}));
        ASSERT_TRUE(sizes) << sizes.error().message;
        ASSERT_EQ(sizes->images.size(), 1u);
        EXPECT_EQ(sizes->images[0].image, "compute_80");
        EXPECT_EQ(sizes->images[0].size.stored_bytes, (text + 1 + 7) / 8 * 8) << text;
        EXPECT_EQ(sizes->images[0].size.uncompressed_bytes, text) << text;
    }
}

// A zstd-flagged SASS entry of `stored` bytes whose frame header is `header`, claiming `claim`.
Entry zstd_entry(std::string header, std::uint32_t stored, std::uint64_t claim) {
    Entry e;
    e.flags = 0x11 | 0x8000;
    e.payload = header + std::string(stored - header.size(), 'z');
    testing::pad_to(e.payload, 8);
    e.compressed_size = stored;
    e.uncompressed_size = claim;
    return e;
}

// The zstd magic, then a frame header descriptor.
std::string zstd_header(char descriptor) { return std::string("\x28\xb5\x2f\xfd", 4) + descriptor; }

TEST(Sizes, CompressedImagesWeighTheirCompressedBytesInTheFile) {
    // A single segment with a 2-byte content size, stored less 256: 4712.
    const std::string file = fatbin_bytes({zstd_entry(zstd_header('\x60') + "\x68\x11", 21, 4712)});
    const auto sizes = read_sizes_in("k.fatbin", file);
    ASSERT_TRUE(sizes) << sizes.error().message;
    EXPECT_EQ(sizes->images[0].compression, binary::Compression::zstd);
    EXPECT_EQ(sizes->images[0].size.stored_bytes, 21u);
    EXPECT_EQ(sizes->images[0].size.uncompressed_bytes, 4712u);
    EXPECT_EQ(sizes->file_bytes, file.size());
    EXPECT_EQ(sizes->host_bytes, file.size() - 21);
    // A frame that leaves its content size out (a window descriptor, no size) is taken at its word.
    EXPECT_TRUE(read_sizes_in("k.fatbin", fatbin_bytes({zstd_entry(zstd_header('\x00') + "\x58", 21, 4712)})));
}

TEST(Sizes, ACompressedPtxCountsItsTextWithoutTheNulItsHeaderCounts) {
    Entry ptx = zstd_entry(zstd_header('\x60') + "\x68\x11", 21, 4712);
    ptx.kind = 1;
    const auto sizes = read_sizes_in("k.fatbin", fatbin_bytes({ptx}));
    ASSERT_TRUE(sizes) << sizes.error().message;
    EXPECT_EQ(sizes->images[0].image, "compute_80");
    EXPECT_EQ(sizes->images[0].size.uncompressed_bytes, 4711u);
}

TEST(Sizes, AHeaderThatLiesAboutTheUncompressedSizeIsAnError) {
    const auto zstd = read_sizes_in("k.fatbin", fatbin_bytes({zstd_entry(zstd_header('\x60') + "\x68\x11", 21, 4713)}));
    ASSERT_FALSE(zstd);
    EXPECT_EQ(zstd.error().message, "k.fatbin: zstd image sm_80 claims 4713 uncompressed bytes, its zstd frame 4712 at offset 0x10");
    const auto not_zstd = read_sizes_in("k.fatbin", fatbin_bytes({zstd_entry("zzzzz", 21, 4712)}));
    ASSERT_FALSE(not_zstd);
    EXPECT_EQ(not_zstd.error().message, "k.fatbin: not a zstd frame at offset 0x50");
    Entry lz4;
    lz4.flags = 0x11 | 0x2000;
    lz4.compressed_size = 16;
    lz4.uncompressed_size = 255 * 16;
    EXPECT_TRUE(read_sizes_in("k.fatbin", fatbin_bytes({lz4})));
    lz4.uncompressed_size = 255 * 16 + 1;
    const auto lie = read_sizes_in("k.fatbin", fatbin_bytes({lz4}));
    ASSERT_FALSE(lie);
    EXPECT_EQ(lie.error().message,
              "k.fatbin: lz4 image sm_80 claims 4081 uncompressed bytes, more than its 16 bytes of LZ4 decode to at offset 0x10");
}

TEST(ZstdFrame, ContentSizeOfEachFieldSize) {
    const auto size = [](const std::string& header) { return binary::zstd_content_size(binary::Bytes("f", header)); };
    EXPECT_EQ(*size(zstd_header('\x20') + "\x07"), std::optional<std::uint64_t>(7));  // single segment, 1 byte
    EXPECT_EQ(*size(zstd_header('\x40') + "\x58" + std::string("\x00\x01", 2)), std::optional<std::uint64_t>(512));  // window, 2 bytes + 256
    EXPECT_EQ(*size(zstd_header('\xa1') + "\x05" + std::string("\x10\x00\x00\x01", 4)), std::optional<std::uint64_t>(0x01000010));  // dictionary ID, 4 bytes
    EXPECT_EQ(*size(zstd_header('\xe0') + std::string("\x01\0\0\0\0\0\0\x02", 8)), std::optional<std::uint64_t>(0x0200000000000001));
    EXPECT_EQ(*size(zstd_header('\x00') + "\x58"), std::nullopt);
    EXPECT_EQ(size(zstd_header('\xe0') + "\x01").error().message, "f: truncated zstd frame header at offset 0x0");
    EXPECT_EQ(size("\x28\xb5").error().message, "f: truncated zstd frame header at offset 0x0");
}

TEST(Sizes, TotalsPerArchitectureModuleAndFile) {
    Entry sm90a;
    sm90a.arch = 90;
    sm90a.flags = 0x11 | 0x100000;
    sm90a.payload = std::string(40, 's');
    Entry lto;
    lto.kind = 8;
    lto.arch = 90;
    lto.payload = std::string(32, 'l');
    const std::string file = fatbin_bytes({Entry{}, raw_ptx(3), sm90a}) + fatbin_bytes({lto});
    const auto sizes = read_sizes_in("k.fatbin", file);
    ASSERT_TRUE(sizes) << sizes.error().message;
    EXPECT_EQ(sizes->device.images, 4u);
    EXPECT_EQ(sizes->device.stored_bytes, 16u + 8 + 40 + 32);
    EXPECT_EQ(sizes->device.uncompressed_bytes, 16u + 3 + 40 + 32);
    ASSERT_EQ(sizes->archs.size(), 3u);
    EXPECT_EQ(sizes->archs[0].arch.number(), "80");
    EXPECT_EQ(sizes->archs[0].size.images, 2u);
    EXPECT_EQ(sizes->archs[0].size.uncompressed_bytes, 19u);
    EXPECT_EQ(sizes->archs[1].arch.number(), "90");  // lto_90
    EXPECT_EQ(sizes->archs[2].arch.number(), "90a");
    // The first container is a module; the LTO-IR one is registered as none.
    ASSERT_EQ(sizes->modules.size(), 1u);
    EXPECT_EQ(sizes->modules[0].where, "fatbin@0x0");
    EXPECT_EQ(sizes->modules[0].size.images, 3u);
    EXPECT_EQ(sizes->outside_modules.images, 1u);
    EXPECT_EQ(sizes->outside_modules.stored_bytes, 32u);

    SizeSummary summary;
    summary.add(*sizes);
    summary.add(*read_sizes_in("k2.fatbin", fatbin_bytes({Entry{}})));
    EXPECT_EQ(summary.files, 2u);
    EXPECT_EQ(summary.device.images, 5u);
    ASSERT_EQ(summary.archs.size(), 3u);
    EXPECT_EQ(summary.archs[0].size.images, 3u);
    EXPECT_EQ(summary.file_bytes, summary.host_bytes + summary.device.stored_bytes);
}

TEST(Sizes, MalformedInputIsAnErrorNamingTheFile) {
    const std::string whole = fatbin_bytes({Entry{}, raw_ptx(100)});
    const auto truncated = read_sizes_in("cut.fatbin", whole.substr(0, whole.size() - 9));
    ASSERT_FALSE(truncated);
    EXPECT_EQ(truncated.error().message, "cut.fatbin: fatbin container of 248 bytes runs past the end of its section at offset 0x0");
    Entry lying;
    lying.payload_size = 1u << 20;
    const auto lie = read_sizes_in("lie.fatbin", fatbin_bytes({lying}, 80));
    ASSERT_FALSE(lie);
    EXPECT_EQ(lie.error().message, "lie.fatbin: fatbin entry runs past the end of its container at offset 0x10");
}

TEST(Sizes, AFileWithoutDeviceCodeIsAllHost) {
    const auto sizes = read_sizes_in("notes.txt", "no device code here");
    ASSERT_TRUE(sizes) << sizes.error().message;
    EXPECT_EQ(sizes->device.images, 0u);
    EXPECT_EQ(sizes->host_bytes, 19u);
    EXPECT_TRUE(sizes->archs.empty());
}

}  // namespace
}  // namespace cudaarch
