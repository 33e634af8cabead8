// SPDX-License-Identifier: Apache-2.0
#include "cli/driver_output.hpp"

#include "cli/json.hpp"

namespace cudaarch::cli {

std::string capability_text(const Device& device) {
    return std::to_string(device.major) + "." + std::to_string(device.minor);
}

void write_driver_json(Output& out, const DriverQuery& query, std::string_view schema) {
    out << "{";
    if (!schema.empty()) out << "\"schema\":" << json_string(schema) << ",";
    out << "\"status\":" << json_string(status_name(query.status));
    out << ",\"reason\":" << (query.ok() ? "null" : json_string(query.reason));
    out << ",\"driver\":{\"library\":" << json_string(query.library) << ",\"version\":";
    if (query.driver_version > 0)
        out << query.driver_version << ",\"cuda\":" << json_string(cuda_version_text(query.driver_version));
    else
        out << "null,\"cuda\":null";
    out << "},\"error\":";
    if (query.error != 0)
        out << "{\"code\":" << query.error << ",\"name\":" << json_string(query.error_name) << "}";
    else
        out << "null";
    out << ",\"capabilities\":[";
    const std::vector<int> capabilities = query.capabilities();
    for (std::size_t i = 0; i < capabilities.size(); ++i) out << (i ? "," : "") << capabilities[i];
    out << "],\"devices\":[";
    for (std::size_t i = 0; i < query.devices.size(); ++i) {
        const Device& device = query.devices[i];
        out << (i ? "," : "") << "{\"index\":" << device.index << ",\"name\":" << json_string(device.name)
            << ",\"compute_capability\":" << json_string(capability_text(device))
            << ",\"capability\":" << device.capability() << ",\"multiprocessors\":" << device.multiprocessors
            << ",\"memory_bytes\":" << device.memory_bytes
            << ",\"pci_bus_id\":" << json_string(device.pci_bus_id) << "}";
    }
    out << "]}";
}

void write_device_lines(Output& out, const DriverQuery& query) {
    for (const Device& device : query.devices) {
        out << "device " << device.index << ": " << device.name << ", compute capability "
            << capability_text(device) << ", " << device.multiprocessors << " SMs, "
            << device.memory_bytes / (1024 * 1024) << " MiB, PCI " << device.pci_bus_id << "\n";
    }
}

}  // namespace cudaarch::cli
