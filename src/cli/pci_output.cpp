// SPDX-License-Identifier: Apache-2.0
#include "cli/pci_output.hpp"

#include <unistd.h>

#include <cstdlib>

#include "cli/json.hpp"

namespace cudaarch::cli {

std::string sysfs_root() {
    const char* root = std::getenv("CUDAARCH_SYSFS_ROOT");
    return root && *root ? root : "/sys";
}

std::string pci_ids_file() {
    if (const char* path = std::getenv("CUDAARCH_PCI_IDS")) return path;
    for (const char* path : {"/usr/share/misc/pci.ids", "/usr/share/hwdata/pci.ids"}) {
        if (::access(path, R_OK) == 0) return path;
    }
    return {};
}

void write_pci_json(Output& out, const Result<PciScan>& scan, std::string_view root, std::string_view schema) {
    out << "{";
    if (!schema.empty()) out << "\"schema\":" << json_string(schema) << ",";
    out << "\"root\":" << json_string(root) << ",\"reason\":" << (scan ? "null" : json_string(scan.error().message));
    out << ",\"capabilities\":[";
    if (scan) {
        const std::vector<int> capabilities = pci_capabilities(*scan);
        for (std::size_t i = 0; i < capabilities.size(); ++i) out << (i ? "," : "") << capabilities[i];
    }
    out << "],\"devices\":[";
    for (std::size_t i = 0; scan && i < scan->gpus.size(); ++i) {
        const PciGpu& gpu = scan->gpus[i];
        out << (i ? "," : "") << "{\"address\":" << json_string(gpu.address) << ",\"id\":" << json_string(gpu.id())
            << ",\"chip\":" << (gpu.known() ? json_string(gpu.chip->code) : "null") << ",\"compute_capability\":"
            << (gpu.known() ? json_string(std::to_string(gpu.chip->major) + "." + std::to_string(gpu.chip->minor)) : "null")
            << ",\"capability\":";
        if (gpu.known())
            out << gpu.capability();
        else
            out << "null";
        out << "}";
    }
    out << "],\"unreadable\":[";
    for (std::size_t i = 0; scan && i < scan->unreadable.size(); ++i) out << (i ? "," : "") << json_string(scan->unreadable[i]);
    out << "]}";
}

}  // namespace cudaarch::cli
