// SPDX-License-Identifier: Apache-2.0
// The NVIDIA GPUs on the PCI bus, read from sysfs without a driver: the PCI tier of
// detection (docs/cli/detect.md). Their capabilities come from the data file's chip and pci
// records; a device ID it does not name stays unknown.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/database.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch {

// One display or 3D controller (class 0x03xxxx) of vendor 0x10de.
struct PciGpu {
    std::string address;              // "0000:3b:00.0", the sysfs entry's name
    std::uint16_t device = 0;         // 0x2335
    std::uint32_t pci_class = 0;      // 0x030200
    const ChipRecord* chip = nullptr;  // nullptr: a device the database does not know

    [[nodiscard]] bool known() const { return chip != nullptr; }
    [[nodiscard]] int capability() const { return chip ? chip->major * 10 + chip->minor : 0; }  // 90
    // "10de:2335".
    [[nodiscard]] std::string id() const;
    // "10de:2335 GH100, compute capability 9.0" or "unknown NVIDIA GPU (10de:2bff)".
    [[nodiscard]] std::string description() const;
};

struct PciScan {
    std::string devices_dir;          // "<root>/bus/pci/devices"
    std::vector<PciGpu> gpus;         // in address order
    std::vector<std::string> unreadable;  // "0000:3b:00.0/class": entries whose files could not be read
};

// A sysfs attribute's text such as "0x10de\n": "0x" and 1 to `digits` hex digits, then an
// optional newline; anything else is no value.
[[nodiscard]] std::optional<std::uint32_t> parse_sysfs_hex(std::string_view text, std::size_t digits);

// The NVIDIA GPUs under <sysfs_root>/bus/pci/devices (sysfs_root: "/sys", or
// CUDAARCH_SYSFS_ROOT in the CLI). Entries whose names are not PCI addresses are skipped; an
// entry whose vendor, device or class file cannot be read or parsed is named in `unreadable`.
// A device the data file's table does not name is looked up in the pci.ids file <pci_ids>
// (none when empty or unreadable): a GPU newer than the table that the machine's pci.ids
// names on a known chip. Fails when the folder cannot be listed.
Result<PciScan> scan_pci(std::string_view sysfs_root, std::string_view pci_ids = {});

// The chip that the pci.ids name of an NVIDIA device places it on ("AD102GL [L40S]": AD102),
// or nullptr: a chip the database has no record of, or a function of the GPU that is no GPU
// (audio, USB, UCSI, NVSwitch, a PCI bridge or host). The name's first word is the chip's code
// with variant letters after it (GL, M, GLM, BM); the longest chip record it starts with
// wins. The CMake twin is _cudaarch_pci_ids_chip; tests/vectors/pci_ids_names.tsv holds both.
[[nodiscard]] const ChipRecord* pci_ids_chip(std::string_view name);

// The name pci.ids text gives NVIDIA device 10de:<device> ("AD102GL [L40S]"), or empty when
// its NVIDIA section (from the line "10de  NVIDIA Corporation" to the next vendor) has none.
[[nodiscard]] std::string_view pci_ids_name(std::string_view text, std::uint16_t device);

// The distinct capabilities of the known GPUs, ascending (90).
[[nodiscard]] std::vector<int> pci_capabilities(const PciScan& scan);

// The GPU at <address> (a driver's PCI bus ID, "00000000:3B:00.0" or "0000:3b:00.0"), or nullptr.
[[nodiscard]] const PciGpu* find_pci_gpu(const PciScan& scan, std::string_view address);

}  // namespace cudaarch
