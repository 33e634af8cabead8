// SPDX-License-Identifier: Apache-2.0
// cudaarch/sizes.hpp on fat binaries built byte by byte: what each image, architecture, module
// and file weighs, and the inputs it refuses.
#include <gtest/gtest.h>

#include <string>

#include "byte_builder.hpp"
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

TEST(Sizes, RawPtxCountsItsTextAndNulNotThePadding) {
    for (const std::size_t text : {5u, 7u, 8u, 746u}) {
        const auto sizes = read_sizes_in("k.fatbin", fatbin_bytes({raw_ptx(text)}));
        ASSERT_TRUE(sizes) << sizes.error().message;
        ASSERT_EQ(sizes->images.size(), 1u);
        EXPECT_EQ(sizes->images[0].image, "compute_80");
        EXPECT_EQ(sizes->images[0].size.stored_bytes, (text + 1 + 7) / 8 * 8) << text;
        EXPECT_EQ(sizes->images[0].size.uncompressed_bytes, text + 1) << text;
    }
}

TEST(Sizes, CompressedImagesWeighTheirCompressedBytesInTheFile) {
    Entry zstd;
    zstd.flags = 0x11 | 0x8000;
    zstd.payload = std::string(24, 'z');  // 21 bytes of frame, padded to 8
    zstd.compressed_size = 21;
    zstd.uncompressed_size = 4712;
    const std::string file = fatbin_bytes({zstd});
    const auto sizes = read_sizes_in("k.fatbin", file);
    ASSERT_TRUE(sizes) << sizes.error().message;
    EXPECT_EQ(sizes->images[0].compression, binary::Compression::zstd);
    EXPECT_EQ(sizes->images[0].size.stored_bytes, 21u);
    EXPECT_EQ(sizes->images[0].size.uncompressed_bytes, 4712u);
    EXPECT_EQ(sizes->file_bytes, file.size());
    EXPECT_EQ(sizes->host_bytes, file.size() - 21);
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
    EXPECT_EQ(sizes->device.uncompressed_bytes, 16u + 4 + 40 + 32);
    ASSERT_EQ(sizes->archs.size(), 3u);
    EXPECT_EQ(sizes->archs[0].arch.number(), "80");
    EXPECT_EQ(sizes->archs[0].size.images, 2u);
    EXPECT_EQ(sizes->archs[0].size.uncompressed_bytes, 20u);
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
