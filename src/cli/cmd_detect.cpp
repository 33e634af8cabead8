// cudaarch detect [--json]: the GPUs the NVIDIA driver reports. See docs/cli/detect.md.
#include <string>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cudaarch/driver.hpp"

namespace cudaarch::cli {

namespace {

constexpr std::string_view kHelp =
    "usage: cudaarch detect [--json]\n"
    "\n"
    "Lists the GPUs the NVIDIA driver (libcuda.so.1) reports to this process, honouring\n"
    "CUDA_VISIBLE_DEVICES, and their compute capabilities as CMake numbers.\n"
    "  --json  one JSON object instead of text (schema in docs/cli/detect.md)\n"
    "Exit status: 0 GPUs found, 1 none (the reason goes to stderr), 2 usage error.\n";

std::string capability_text(const Device& device) {
    return std::to_string(device.major) + "." + std::to_string(device.minor);
}

void write_json(std::ostream& out, const DriverQuery& query) {
    out << "{\"status\":" << json_string(status_name(query.status));
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
    out << "]}\n";
}

void write_text(std::ostream& out, const DriverQuery& query) {
    if (query.driver_version > 0)
        out << "driver: CUDA " << cuda_version_text(query.driver_version) << " (" << query.library << ")\n";
    if (!query.ok()) return;
    for (const Device& device : query.devices) {
        out << "device " << device.index << ": " << device.name << ", compute capability "
            << capability_text(device) << ", " << device.multiprocessors << " SMs, "
            << device.memory_bytes / (1024 * 1024) << " MiB, PCI " << device.pci_bus_id << "\n";
    }
    out << "capabilities: ";
    const std::vector<int> capabilities = query.capabilities();
    for (std::size_t i = 0; i < capabilities.size(); ++i) out << (i ? ";" : "") << capabilities[i];
    out << "\n";
}

}  // namespace

int run_detect(const Args& args, std::ostream& out, std::ostream& err) {
    bool json = false;
    for (const std::string_view arg : args) {
        if (arg == "--help" || arg == "-h") {
            out << kHelp;
            return 0;
        }
        if (arg == "--json") {
            json = true;
            continue;
        }
        err << "cudaarch: error: detect takes no argument '" << arg << "'; usage: cudaarch detect [--json]\n";
        return 2;
    }
    const DriverQuery query = query_driver();
    if (json) {
        write_json(out, query);
    } else {
        write_text(out, query);
        if (!query.ok()) err << "cudaarch: no GPU detected: " << query.reason << "\n";
    }
    return query.ok() ? 0 : 1;
}

}  // namespace cudaarch::cli
