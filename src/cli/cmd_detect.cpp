// SPDX-License-Identifier: Apache-2.0
// cudaarch detect [--json] [--pci] [--timeout SECONDS]: the GPUs the NVIDIA driver reports, or
// those on the PCI bus. See docs/cli/detect.md and docs/cli/json.md.
#include <string>

#include "cli/commands.hpp"
#include "cli/driver_output.hpp"
#include "cli/driver_timeout.hpp"
#include "cli/pci_output.hpp"

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    kJsonOption,
    {"--pci", "", "list the NVIDIA GPUs on the PCI bus (sysfs) instead of asking the driver: works\n"
                  "without one, and says only what the PCI ID tells"},
    kTimeoutOption,
};

void write_text(Output& out, const DriverQuery& query) {
    if (query.driver_version > 0)
        out << "driver: CUDA " << cuda_version_text(query.driver_version) << " (" << query.library << ")\n";
    if (!query.ok()) return;
    write_device_lines(out, query);
    out << "capabilities: ";
    const std::vector<int> capabilities = query.capabilities();
    for (std::size_t i = 0; i < capabilities.size(); ++i) out << (i ? ";" : "") << capabilities[i];
    out << "\n";
}

// detect --pci: the GPUs sysfs lists, no driver asked.
int detect_pci(bool json, Output& out, Output& err) {
    const std::string root = sysfs_root();
    const Result<PciScan> scan = scan_pci(root, pci_ids_file());
    if (json) {
        write_pci_json(out, scan, root, "cudaarch.detect-pci/1");
        out << "\n";
    }
    if (!scan) {
        err << "cudaarch: no GPU detected: " << scan.error().message << "\n";
        return 1;
    }
    const std::vector<int> capabilities = pci_capabilities(*scan);
    if (!json) {
        for (const PciGpu& gpu : scan->gpus) out << "pci " << gpu.address << ": " << gpu.description() << "\n";
        for (const std::string& entry : scan->unreadable) err << "cudaarch: warning: cannot read " << scan->devices_dir << "/" << entry << "\n";
        // No line for no capabilities: the error below says why there are none.
        if (!capabilities.empty()) {
            out << "capabilities: ";
            for (std::size_t i = 0; i < capabilities.size(); ++i) out << (i ? ";" : "") << capabilities[i];
            out << "\n";
        }
    }
    if (scan->gpus.empty()) {
        if (!json) err << "cudaarch: no GPU detected: no NVIDIA display or 3D controller in " << scan->devices_dir << "\n";
        return 1;
    }
    if (capabilities.empty()) {
        if (!json) err << "cudaarch: no GPU detected: no NVIDIA GPU in " << scan->devices_dir << " has a PCI ID the database knows\n";
        return 1;
    }
    return 0;
}

}  // namespace

const CommandSyntax kDetectSyntax{
    "detect", "",
    "Lists the GPUs the NVIDIA driver (libcuda.so.1) reports to this process, honouring\n"
    "CUDA_VISIBLE_DEVICES, and their compute capabilities as CMake numbers. A driver that does\n"
    "not answer within --timeout (a cuInit hung on a GPU in a bad state) counts as none.\n"
    "With --pci, the NVIDIA GPUs /sys/bus/pci/devices lists (CUDAARCH_SYSFS_ROOT replaces /sys)\n"
    "and the capabilities their PCI IDs give, without a driver.\n",
    "Exit status: 0 GPUs found, 1 none (the reason goes to stderr), 2 usage error.\n",
    kOptions, std::size(kOptions), Operands::none};

namespace {

int run_detect(const CommandLine& line, Output& out, Output& err) {
    const Result<DriverTimeout> timeout = driver_timeout(kDetectSyntax, line);
    if (!timeout) return usage_error(kDetectSyntax, err, timeout.error());
    const bool json = line.has("--json");
    if (line.has("--pci")) return detect_pci(json, out, err);
    const DriverQuery query = ask_driver(*timeout);
    if (json) {
        write_driver_json(out, query, "cudaarch.detect/1");
        out << "\n";
    } else {
        write_text(out, query);
        if (!query.ok()) err << "cudaarch: no GPU detected: " << query.reason << "\n";
    }
    return query.ok() ? 0 : 1;
}

}  // namespace

const Command kDetectCommand{&kDetectSyntax, run_detect,
    "list the local GPUs and their compute capabilities (asks the driver)"};

}  // namespace cudaarch::cli
