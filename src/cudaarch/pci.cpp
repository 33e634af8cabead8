// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/pci.hpp"

#include <dirent.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include "cudaarch/binary/file_bytes.hpp"

namespace cudaarch {

namespace {

constexpr std::uint16_t kNvidia = 0x10de;

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

int hex_value(char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

// "dddd:bb:dd.f" with a domain of four or more hex digits: what sysfs names a PCI function.
bool is_pci_address(std::string_view name) {
    const std::size_t colon = name.find(':');
    if (colon == std::string_view::npos || colon < 4 || name.size() != colon + 8) return false;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const std::size_t k = i - colon;  // position after the domain
        const bool ok = i < colon ? is_hex(name[i])
                                  : (k == 0 || k == 3) ? name[i] == ':'
                                  : k == 6 ? name[i] == '.'
                                  : k == 7 ? name[i] >= '0' && name[i] <= '7'
                                           : is_hex(name[i]);
        if (!ok) return false;
    }
    return true;
}

// A sysfs attribute, read as every text input is (a FIFO or device is refused unread), to
// input_limit::sysfs_value.
std::optional<std::uint32_t> read_hex_file(const std::string& path, std::size_t digits) {
    const Result<std::string> read = binary::read_text_file(path, binary::input_limit::sysfs_value);
    if (!read) return std::nullopt;
    return parse_sysfs_hex(*read, digits);
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>((c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c);
    return out;
}

std::string hex4(std::uint32_t value) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out(4, '0');
    for (int i = 3; i >= 0; --i, value >>= 4) out[static_cast<std::size_t>(i)] = digits[value & 0xf];
    return out;
}

// "B?(GL)?M?": the variant letters pci.ids writes after a chip's code (GA107BM, AD102GL, TU117GLM).
bool is_variant(std::string_view letters) {
    for (std::string_view part : {std::string_view("B"), std::string_view("GL"), std::string_view("M")}) {
        if (letters.substr(0, part.size()) == part) letters.remove_prefix(part.size());
    }
    return letters.empty();
}

// The whole file at <path>, read as every text input is (a FIFO or device refused unread), or
// nothing when it cannot be read or exceeds input_limit::pci_ids.
std::optional<std::string> read_pci_ids(const std::string& path) {
    Result<std::string> text = binary::read_text_file(path, binary::input_limit::pci_ids);
    if (!text) return std::nullopt;
    return std::move(text).value();
}

}  // namespace

std::optional<std::uint32_t> parse_sysfs_hex(std::string_view text, std::size_t digits) {
    if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
    if (text.size() < 3 || text.size() > digits + 2 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X'))
        return std::nullopt;
    std::uint32_t value = 0;
    for (char c : text.substr(2)) {
        if (!is_hex(c)) return std::nullopt;
        value = value * 16 + static_cast<std::uint32_t>(hex_value(c));
    }
    return value;
}

const ChipRecord* pci_ids_chip(std::string_view name) {
    for (std::string_view function : {"Audio", "USB", "UCSI", "NVSwitch", "PCI bridge", "PCIe host"}) {
        if (name.find(function) != std::string_view::npos) return nullptr;
    }
    const std::string_view code = name.substr(0, name.find_first_of(" ["));
    const ChipRecord* best = nullptr;
    for (const ChipRecord& chip : Database::chips()) {
        if (chip.code.size() > code.size() || (best && chip.code.size() <= best->code.size())) continue;
        if (code.substr(0, chip.code.size()) == chip.code && is_variant(code.substr(chip.code.size()))) best = &chip;
    }
    return best;
}

std::string_view pci_ids_name(std::string_view text, std::uint16_t device) {
    constexpr std::string_view vendor = "10de  ";
    std::size_t at = text.substr(0, vendor.size()) == vendor ? 0 : text.find("\n10de  ");
    if (at == std::string_view::npos) return {};
    at = text.find('\n', at + 1);
    const std::string wanted = "\t" + hex4(device) + "  ";
    while (at != std::string_view::npos && at + 1 < text.size()) {
        const std::size_t start = at + 1;
        at = text.find('\n', start);
        const std::string_view line = text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start);
        if (line.empty() || line[0] == '#') continue;
        if (line[0] != '\t') break;  // the next vendor, or the device classes after the last one
        if (line.substr(0, wanted.size()) == wanted) return line.substr(wanted.size());
    }
    return {};
}

std::string PciGpu::id() const { return "10de:" + hex4(device); }

std::string PciGpu::description() const {
    if (!chip) return "unknown NVIDIA GPU (" + id() + ")";
    return id() + " " + std::string(chip->code) + ", compute capability " + std::to_string(chip->major) + "." +
           std::to_string(chip->minor);
}

Result<PciScan> scan_pci(std::string_view sysfs_root, std::string_view pci_ids) {
    PciScan scan;
    scan.devices_dir = std::string(sysfs_root) + "/bus/pci/devices";
    DIR* dir = ::opendir(scan.devices_dir.c_str());
    if (!dir) return Error{"cannot list " + scan.devices_dir + ": " + std::strerror(errno)};
    std::vector<std::string> names;
    while (const dirent* entry = ::readdir(dir)) {
        if (is_pci_address(entry->d_name)) names.emplace_back(entry->d_name);
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    std::optional<std::string> pci_ids_text;
    for (const std::string& name : names) {
        const std::string base = scan.devices_dir + "/" + name + "/";
        const std::optional<std::uint32_t> vendor = read_hex_file(base + "vendor", 4);
        if (!vendor) {
            scan.unreadable.push_back(name + "/vendor");
            continue;
        }
        if (*vendor != kNvidia) continue;
        const std::optional<std::uint32_t> pci_class = read_hex_file(base + "class", 6);
        if (!pci_class) {
            scan.unreadable.push_back(name + "/class");
            continue;
        }
        // Display (0x0300), 3D (0x0302) and other display controllers: what a GPU is, never
        // its audio, USB or UCSI functions.
        if ((*pci_class >> 16) != 0x03) continue;
        const std::optional<std::uint32_t> device = read_hex_file(base + "device", 4);
        if (!device) {
            scan.unreadable.push_back(name + "/device");
            continue;
        }
        PciGpu gpu;
        gpu.address = lower(name);
        gpu.device = static_cast<std::uint16_t>(*device);
        gpu.pci_class = *pci_class;
        gpu.chip = Database::find_pci_device(gpu.device);
        if (!gpu.chip && !pci_ids.empty()) {
            // Read once, and only for a device the table does not name.
            if (!pci_ids_text) pci_ids_text = read_pci_ids(std::string(pci_ids)).value_or(std::string());
            const std::string_view listed = pci_ids_name(*pci_ids_text, gpu.device);
            if (!listed.empty()) gpu.chip = pci_ids_chip(listed);
        }
        scan.gpus.push_back(gpu);
    }
    return scan;
}

std::vector<int> pci_capabilities(const PciScan& scan) {
    std::vector<int> out;
    for (const PciGpu& gpu : scan.gpus) {
        if (gpu.known() && std::find(out.begin(), out.end(), gpu.capability()) == out.end()) out.push_back(gpu.capability());
    }
    std::sort(out.begin(), out.end());
    return out;
}

const PciGpu* find_pci_gpu(const PciScan& scan, std::string_view address) {
    // The driver writes an eight-digit domain in upper case; sysfs four digits in lower case.
    std::string wanted = lower(address);
    const std::size_t colon = wanted.find(':');
    if (colon != std::string::npos && colon > 4 && wanted.compare(0, colon - 4, std::string(colon - 4, '0')) == 0)
        wanted.erase(0, colon - 4);
    for (const PciGpu& gpu : scan.gpus) {
        if (gpu.address == wanted) return &gpu;
    }
    return nullptr;
}

}  // namespace cudaarch
