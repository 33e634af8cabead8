// SPDX-License-Identifier: Apache-2.0
// The generated tables behind Database; only database.cpp and the generated file see them.
#pragma once

#include <vector>

#include "cudaarch/database.hpp"

namespace cudaarch::tables {

extern const std::vector<CcRecord> ccs;
extern const std::vector<ProductRecord> products;
extern const std::vector<ToolkitRecord> toolkits;
extern const std::vector<TorchNameRecord> torch_names;
extern const std::string_view torch_arches;  // space-separated
extern const std::string_view accepted;
extern const int max_product_words;
extern const std::vector<NvccRule> nvcc_rules;
extern const std::vector<std::string_view> library_dirs;
extern const std::vector<std::string_view> name_vendors;  // normalized
extern const std::vector<std::string_view> name_extras;   // lower case, words parted by one space
extern const std::vector<ChipRecord> chips;               // sorted by code
extern const std::vector<PciRecord> pci_devices;          // sorted by device
extern const std::vector<PackageBuildRecord> package_builds;
extern const std::vector<CmakeReleaseRecord> cmake_releases;

}  // namespace cudaarch::tables
