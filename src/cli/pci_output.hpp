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

// The pci.ids file read for a device the data file's table does not name: CUDAARCH_PCI_IDS
// when set (empty: none), else the first readable of /usr/share/misc/pci.ids (Debian's
// package pci.ids) and /usr/share/hwdata/pci.ids (hwdata), else none (""). The CMake twin is
// _cudaarch_pci_ids_file.
[[nodiscard]] std::string pci_ids_file();

// The scan as one JSON object, without a newline (docs/cli/json.md#detect-pci): detect --pci's
// document, with `schema` its first member, or doctor's `pci` member, without.
void write_pci_json(Output& out, const Result<PciScan>& scan, std::string_view root, std::string_view schema = {});

}  // namespace cudaarch::cli
