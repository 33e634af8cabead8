// SPDX-License-Identifier: Apache-2.0
// A file's images as build lists (file_build.hpp): containers told apart as the loader registers
// them, wherever their images come in the listing.
#include <gtest/gtest.h>

#include "cudaarch/file_build.hpp"

namespace {

using namespace cudaarch;

binary::Image sass(int major, int minor, Suffix suffix, std::uint64_t container) {
    binary::Image image;
    image.kind = binary::ImageKind::sass;
    image.arch = Arch{major, minor, suffix};
    image.section = ".nv_fatbin";
    image.container_offset = container;
    return image;
}

TEST(ContainerNumbers, InOrderOfFirstMeetingWhereverTheyComeAgain) {
    ContainerNumbers numbers;
    const std::string_view fatbin = ".nv_fatbin", rodata = ".rodata";
    // In file order, then a key met before, one before all, and one in another section.
    EXPECT_EQ(numbers.number({0, 0x100, fatbin}), 0u);
    EXPECT_EQ(numbers.number({0, 0x200, fatbin}), 1u);
    EXPECT_EQ(numbers.number({0x40, 0x80, fatbin}), 2u);
    EXPECT_EQ(numbers.number({0, 0x100, fatbin}), 0u);
    EXPECT_EQ(numbers.number({0, 0x10, fatbin}), 3u);
    EXPECT_EQ(numbers.number({0x40, 0x80, fatbin}), 2u);
    EXPECT_EQ(numbers.number({0, 0x100, rodata}), 4u);
}

TEST(FileBuild, AContainerIsPortableByAnyOfItsImagesWhereverTheyAreListed) {
    // Container 0x100 lists an 'a' image, then another container's, then its own portable one:
    // it is judged whole. Container 0x300 holds 'a' images only: left out of the judgement.
    binary::Listing listing;
    listing.linked = true;
    listing.images = {sass(9, 0, Suffix::a, 0x100), sass(8, 0, Suffix::none, 0x200), sass(7, 5, Suffix::none, 0x100),
                      sass(10, 0, Suffix::a, 0x300)};
    const FileBuild build = file_build(listing);
    EXPECT_EQ(image_names(build.judged), "sm_75 sm_80 sm_90a");
    EXPECT_EQ(image_names(build.arch_specific), "sm_100a");
}

}  // namespace
