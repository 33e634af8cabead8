// SPDX-License-Identifier: Apache-2.0
// How the commands that read the PCI bus (detect --pci, doctor) find it and write what it lists.
#pragma once

#include <string>
#include <string_view>

#include "cli/output.hpp"
#include "cudaarch/pci.hpp"

namespace cudaarch::cli {

// CUDAARCH_SYSFS_ROOT when set and not empty (tests point it at a fake tree), else "/sys".
[[nodiscard]] std::string sysfs_root();

// The scan as one JSON object, without a newline (docs/cli/json.md#detect-pci): detect --pci's
// document, with `schema` its first member, or doctor's `pci` member, without.
void write_pci_json(Output& out, const Result<PciScan>& scan, std::string_view root, std::string_view schema = {});

}  // namespace cudaarch::cli
