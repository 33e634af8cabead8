// SPDX-License-Identifier: Apache-2.0
// Runs tests/vectors/pci_ids_names.tsv, the pci.ids names the CMake functions place too, and
// reads pci.ids text as scan_pci does.
#include <string>

#include <gtest/gtest.h>

#include "cudaarch/pci.hpp"
#include "vector_file.hpp"

namespace {

TEST(PciIdsNamesVectors, EveryNameGivesItsChip) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/pci_ids_names.tsv", 3);
    ASSERT_GE(rows.size(), 20u);
    for (const auto& row : rows) {
        const auto& c = row.columns;
        const cudaarch::ChipRecord* chip = cudaarch::pci_ids_chip(c[0]);
        EXPECT_EQ(chip ? std::string(chip->code) : "-", c[1]) << "line " << row.line << ": " << c[0] << " (" << c[2] << ")";
    }
}

// Only the NVIDIA section's device lines name a device: not another vendor's, not a subsystem.
TEST(PciIdsName, OnlyTheNvidiaSectionsDeviceLines) {
    const std::string text =
        "10dd  Before\n\t2bfe  GA100 [before]\n10de  NVIDIA Corporation\n\t2bfd  GB202 HD Audio\n"
        "\t\t2bfa 0000  GB202 [subsystem]\n# comment\n\t2bfe  GB203GL [board]\n10df  After\n\t2bfc  GB202 [after]\n";
    EXPECT_EQ(cudaarch::pci_ids_name(text, 0x2bfe), "GB203GL [board]");
    EXPECT_EQ(cudaarch::pci_ids_name(text, 0x2bfd), "GB202 HD Audio");
    EXPECT_EQ(cudaarch::pci_ids_name(text, 0x2bfc), "");
    EXPECT_EQ(cudaarch::pci_ids_name(text, 0x2bfa), "");
    EXPECT_EQ(cudaarch::pci_ids_name("10de  NVIDIA Corporation\n\t2bfe  GB203 [first]", 0x2bfe), "GB203 [first]");
    EXPECT_EQ(cudaarch::pci_ids_name("", 0x2bfe), "");
    EXPECT_EQ(cudaarch::pci_ids_name("10de  NVIDIA Corporation\n\t2bf", 0x2bfe), "");
}

}  // namespace
