// SPDX-License-Identifier: Apache-2.0
// cudaarch doctor [--json] [--nvcc PATH] [FILE...]: the whole "why does my CUDA program not
// run here" diagnosis in one report. See docs/cli/doctor.md.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/driver_output.hpp"
#include "cli/driver_timeout.hpp"
#include "cli/json.hpp"
#include "cli/inspect_output.hpp"
#include "cli/options.hpp"
#include "cli/pci_output.hpp"
#include "cudaarch/file_build.hpp"
#include "cudaarch/loaded_libraries.hpp"
#include "cudaarch/compat.hpp"
#include "cudaarch/database.hpp"
#include "cudaarch/driver_helper.hpp"
#include "cudaarch/runtime_libraries.hpp"
#include "cudaarch/text.hpp"
#include "cudaarch/toolkit.hpp"
#include "cudaarch/verdict.hpp"

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    kJsonOption,
    nvcc_option("the compiler to ask"),
    kTimeoutOption,
};

enum class NvccState { ok, not_found, failed };

struct NvccReport {
    std::string path;
    NvccState state = NvccState::not_found;
    std::string error;
    std::optional<Toolkit> toolkit;
};

struct DeviceRun {
    const Device* device = nullptr;
    RunVerdict verdict;
    VerdictKind kind = VerdictKind::no_image;
    Version ptx_isa;              // of the PTX a JIT compiles; empty when none
    std::uint64_t ptx_bytes = 0;  // that PTX's text, uncompressed: the size of what the JIT caches, roughly
};

struct FileReport {
    std::string path;
    std::string error;    // empty when read
    std::string summary;  // the images, as `inspect` and `check` summarize them
    ArchList images;      // every SASS and PTX image it runs as it is (all_images)
    ArchList compiled;    // what its counted modules were compiled for, the base of a fix
    bool device_code = false;
    bool kernels = false;  // a module that can fail: one with a kernel (or whose kernels were not read)
    std::vector<DeviceRun> runs;  // the verdict of its worst counted module, per device
    std::vector<ProgramRuntime> runtimes;  // the CUDA runtimes it runs with, as `check` finds them
};

struct Problem {
    std::string what;
    std::string fix;
};

// The driver's JIT cache (CUDA Programming Guide, "CUDA Environment Variables"): where PTX JIT
// results are kept between process starts, from CUDA_CACHE_DISABLE, CUDA_CACHE_PATH and
// CUDA_CACHE_MAXSIZE.
struct JitCache {
    bool disabled = false;
    std::string path;          // empty when unknown (no CUDA_CACHE_PATH and no HOME)
    bool path_set = false;     // from CUDA_CACHE_PATH
    bool writable = false;     // the folder, or the nearest folder above it that exists
    std::uint64_t max_size = std::uint64_t{256} << 20;  // the driver's default, 256 MiB
    bool max_size_set = false;

    // Whether PTX JIT results survive the process: else the JIT is paid at every start.
    [[nodiscard]] bool keeps() const { return !disabled && writable; }
};

JitCache jit_cache(const char* disable, const char* path, const char* max_size, const char* home) {
    JitCache cache;
    cache.disabled = jit_environment(nullptr, nullptr, disable).cache_disabled;
    cache.path_set = path && *path;
    cache.path = cache.path_set ? path : home && *home ? std::string(home) + "/.nv/ComputeCache" : "";
    if (max_size && *max_size && std::all_of(max_size, max_size + std::strlen(max_size), text::is_digit) &&
        std::strlen(max_size) < 19) {
        cache.max_size = std::stoull(max_size);
        cache.max_size_set = true;
    }
    // The driver creates the folder: what counts is the first folder on the way that exists.
    for (std::string dir = cache.path; !dir.empty(); dir = dir.substr(0, dir.find_last_of('/'))) {
        struct stat info {};
        if (stat(dir.c_str(), &info) == 0) {
            cache.writable = S_ISDIR(info.st_mode) && access(dir.c_str(), W_OK | X_OK) == 0;
            break;
        }
        if (dir.find('/') == std::string::npos) break;
    }
    return cache;
}

// "256 MiB", "4096 bytes".
std::string size_text(std::uint64_t bytes) {
    return bytes % (1 << 20) == 0 ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes) + " bytes";
}

struct Report {
    DriverQuery driver;
    const ToolkitRecord* driver_toolkit = nullptr;  // the newest toolkit the driver supports
    std::optional<std::string> visible;             // CUDA_VISIBLE_DEVICES
    JitCache cache;
    std::vector<RuntimeLibrary> runtimes;
    NvccReport nvcc;
    std::vector<FileReport> files;
    std::vector<Problem> problems;
    std::string sysfs_root;   // what the PCI scan read
    Result<PciScan> pci = Error{""};  // the GPUs on the PCI bus, beside the driver's answer
};

Version cuda_version(int driver_version) { return {driver_version / 1000, (driver_version % 1000) / 10}; }

// The newest toolkit not newer than the CUDA version the driver reports.
const ToolkitRecord* toolkit_for_driver(int driver_version) {
    const ToolkitRecord* found = nullptr;
    for (const ToolkitRecord& t : Database::toolkits()) {
        if (t.release <= cuda_version(driver_version)) found = &t;
    }
    return found;
}

const ToolkitRecord* toolkit_record(Version release) {
    for (const ToolkitRecord& t : Database::toolkits()) {
        if (t.release == release) return &t;
    }
    return nullptr;
}

// "NVIDIA driver 590.44.01 or newer" (the toolkit's own); by CUDA version where the table has none.
// The driver the verdict engine judges by: the one that answered, if it said its version.
std::optional<DriverVersion> driver_version(const DriverQuery& q) {
    if (q.driver_version <= 0) return std::nullopt;
    return driver_from_cuda_version(q.driver_version);
}

std::string driver_for(const ToolkitRecord& t) {
    if (t.min_driver.empty()) return "an NVIDIA driver for CUDA " + t.release.str() + " or newer";
    return "NVIDIA driver " + std::string(t.min_driver) + " or newer";
}

NvccReport ask_nvcc(const std::string& chosen) {
    NvccReport report;
    report.path = chosen.empty() ? default_nvcc() : chosen;
    if (access(report.path.c_str(), X_OK) != 0) return report;
    Result<Toolkit> toolkit = query_toolkit(report.path);
    if (toolkit) {
        report.state = NvccState::ok;
        report.toolkit = std::move(toolkit).value();
    } else {
        report.state = NvccState::failed;
        report.error = toolkit.error().message;
    }
    return report;
}

FileReport check_file(const std::string& path, const DriverQuery& driver) {
    FileReport report;
    report.path = path;
    // Read as check reads it, kernels included: a module without a kernel cannot fail.
    Result<binary::Listing> listing = list_modules(path);
    if (!listing) {
        report.error = listing.error().message;
        return report;
    }
    // Judged by the verdict engine, as `cudaarch check` judges it, module by module under this
    // process's environment; the driver is asked of each verdict apart (file_problems()).
    VerdictInputs inputs;
    for (const Device& device : driver.devices) inputs.gpus.push_back(Arch{device.major, device.minor, Suffix::none});
    inputs.environment = jit_environment(std::getenv("CUDA_FORCE_PTX_JIT"), std::getenv("CUDA_DISABLE_PTX_JIT"));
    report.summary = image_summary(*listing);
    report.images = all_images(*listing);
    const FileJudgement judged = judge_file(std::move(listing).value(), inputs);
    report.compiled = compiled(judged.parts, judged.counted);
    report.device_code = !judged.parts.empty();
    report.kernels = judged.judged > 0;
    for (std::size_t d = 0; d < judged.verdicts.size(); ++d) {
        const GpuVerdict& v = judged.verdicts[d].worst;
        DeviceRun run{&driver.devices[d], v.run, v.kind(), v.ptx_isa};
        if (uses_ptx(run.verdict.verdict)) {
            const Module& worst = judged.parts[judged.verdicts[d].worst_modules.front()];
            for (const binary::Image& image : worst.listing.images)
                if (image.kind == binary::ImageKind::ptx && image.arch == run.verdict.image)
                    run.ptx_bytes = std::max(run.ptx_bytes, image.uncompressed_size);
        }
        report.runs.push_back(run);
    }
    const Result<LoadedProgram> loaded = loaded_libraries(path, environment_loader_search());
    report.runtimes = program_runtimes(path, loaded ? loaded->libraries : std::vector<LoadedLibrary>{});
    return report;
}

// What to add to a build for a GPU (the verdict engine's build_fix()), in CMake's and PyTorch's
// notation.
std::string rebuild_with(const ArchList& build, const Device& device) {
    const BuildFix fix = build_fix(build, Arch{device.major, device.minor, Suffix::none});
    const std::string cmake = "\"" + fix.cmake + "\"";
    std::string text = "rebuild it with " + std::to_string(device.capability()) + " added: CMAKE_CUDA_ARCHITECTURES=" + cmake +
                       cmake_release_note(fix.wanted, cmake);
    if (!fix.torch.empty()) text += " or TORCH_CUDA_ARCH_LIST=\"" + fix.torch + "\"";
    return text;
}

std::string device_label(const Device& device) {
    return "device " + std::to_string(device.index) + " (" + capability_text(device) + ")";
}

void driver_problems(Report& r) {
    constexpr const char* kCheckDriver =
        "check the driver installation with nvidia-smi; the kernel module and libcuda.so.1 must be the same release";
    const DriverQuery& q = r.driver;
    switch (q.status) {
        case DriverStatus::ok: break;
        case DriverStatus::no_driver:
            r.problems.push_back({q.reason, "install the NVIDIA driver; in a container, start it with the GPUs exposed (docker run --gpus all)"});
            break;
        case DriverStatus::crashed:
            r.problems.push_back({q.reason, kCheckDriver});
            break;
        case DriverStatus::timed_out:
            r.problems.push_back({q.reason, "check the GPUs with nvidia-smi (it hangs too on a GPU in a bad state, which needs a "
                                            "reset, nvidia-smi -r, or a reboot); a driver that is only slow to start is "
                                            "quicker with persistence mode on (nvidia-smi -pm 1)"});
            break;
        case DriverStatus::no_helper:
            r.problems.push_back({q.reason, std::string("reinstall CudaArch: ") + kDriverHelperName + " asks the driver for cudaarch"});
            break;
        case DriverStatus::init_failed:
            r.problems.push_back({"the driver does not start: " + q.reason,
                                  q.error == 34 ? "take the toolkit's stubs folder out of LD_LIBRARY_PATH so that the real libcuda.so.1 is found"
                                                : kCheckDriver});
            break;
        case DriverStatus::no_device:
            r.problems.push_back({q.reason, "check that a GPU is installed and exposed to this machine or container (nvidia-smi; docker run --gpus all)"});
            break;
        case DriverStatus::all_hidden:
            r.problems.push_back({q.reason, "unset CUDA_VISIBLE_DEVICES, or set it to the indices or UUIDs of the GPUs to use"});
            break;
        case DriverStatus::query_failed:
            r.problems.push_back({q.reason, "check the driver installation with nvidia-smi"});
            break;
    }
    if (q.driver_version <= 0) return;
    const Version driver_cuda = cuda_version(q.driver_version);
    for (const RuntimeLibrary& lib : r.runtimes) {
        const RuntimeVerdict verdict = runtime_verdict({std::atoi(lib.version.c_str()), 0}, driver_version(q), false);
        if (verdict.runs != JitSupport::no) continue;
        const ToolkitRecord* first = verdict.needs;
        r.problems.push_back({lib.path + " (CUDA " + lib.version + ") needs a driver for CUDA " + first->release.str() +
                                  " or newer, and this one supports CUDA " + driver_cuda.str() +
                                  ": programs using it fail with cudaErrorInsufficientDriver (" +
                                  std::to_string(error_insufficient_driver) + ")",
                              "install " + driver_for(*first)});
    }
}

// A driver's device whose PCI ID names another capability: one of the two is wrong, and
// the driver's answer is what CUDA uses.
void pci_problems(Report& r) {
    if (!r.pci) return;
    for (const Device& device : r.driver.devices) {
        const PciGpu* gpu = find_pci_gpu(*r.pci, device.pci_bus_id);
        if (!gpu || !gpu->known() || gpu->capability() == device.capability()) continue;
        r.problems.push_back({device_label(device) + " has the PCI ID " + gpu->id() + ", a " + std::string(gpu->chip->code) +
                                  " of compute capability " + std::to_string(gpu->chip->major) + "." +
                                  std::to_string(gpu->chip->minor) + ": the driver and the PCI ID disagree",
                              "trust the driver's answer, which CUDA uses; report the GPU's name and PCI ID to CudaArch, "
                              "whose PCI table (cmake/data/cuda-architectures.txt) then needs mending"});
    }
}

// "pci: device 0 is 10de:2335 GH100, compute capability 9.0, as the driver says", one a GPU on
// the bus; those the driver does not list (no driver, CUDA_VISIBLE_DEVICES) follow. Nothing
// when the bus shows no NVIDIA GPU.
void write_pci_lines(Output& out, const Report& r) {
    if (!r.pci) return;
    std::vector<const PciGpu*> listed;
    for (const Device& device : r.driver.devices) {
        const PciGpu* gpu = find_pci_gpu(*r.pci, device.pci_bus_id);
        if (!gpu) continue;
        listed.push_back(gpu);
        out << "pci: device " << device.index << " is " << gpu->description();
        if (gpu->known())
            out << (gpu->capability() == device.capability() ? ", as the driver says" : ", but the driver says " + capability_text(device));
        out << "\n";
    }
    for (const PciGpu& gpu : r.pci->gpus) {
        if (std::find(listed.begin(), listed.end(), &gpu) == listed.end())
            out << "pci: " << gpu.address << " is " << gpu.description() << ", not listed by the driver\n";
    }
}

void nvcc_problems(Report& r) {
    const NvccReport& n = r.nvcc;
    if (n.state == NvccState::failed) {
        r.problems.push_back({"nvcc (" + n.path + ") does not answer: " + n.error, "repair the CUDA toolkit, or put a working nvcc first on PATH"});
    }
    if (!n.toolkit) return;
    const Toolkit& t = *n.toolkit;
    const Version driver_cuda = cuda_version(r.driver.driver_version);
    if (r.driver.driver_version > 0 && toolkit_ptx_too_new(t.version, driver_cuda)) {
        const ToolkitRecord* record = toolkit_record(t.version);
        r.problems.push_back({"nvcc " + t.version.str() + " is newer than this driver (CUDA " + driver_cuda.str() + "): its PTX" +
                                  (record ? " (ISA " + record->ptx_isa.str() + ")" : std::string()) +
                                  " fails to JIT-compile here with cudaErrorUnsupportedPtxVersion (" +
                                  std::to_string(error_unsupported_ptx) + ")",
                              "its PTX needs " + (record ? driver_for(*record) : "an NVIDIA driver for CUDA " + t.version.str() + " or newer") +
                                  "; or build SASS (-real) for every GPU"});
    }
    std::vector<int> reported;
    for (const Device& device : r.driver.devices) {
        const Arch gpu{device.major, device.minor, Suffix::none};
        if (t.builds_real(gpu) || std::find(reported.begin(), reported.end(), device.capability()) != reported.end()) continue;
        reported.push_back(device.capability());
        const CcRecord* cc = Database::find_cc(device.major, device.minor);
        std::string fix = "use a CUDA toolkit that supports " + gpu.dotted();
        if (cc && !cc->last_cuda.empty() && cc->last_cuda < t.version) fix = "use CUDA " + cc->last_cuda.str() + " or older";
        else if (cc && t.version < cc->first_cuda) fix = "use CUDA " + cc->first_cuda.str() + " or newer";
        r.problems.push_back({t.describe() + " cannot build SASS for " + device_label(device), fix});
    }
}

void file_problems(Report& r) {
    for (const FileReport& f : r.files) {
        if (!f.error.empty()) {
            r.problems.push_back({f.error, "check the path"});
            continue;
        }
        for (const ProgramRuntime& runtime : f.runtimes) {
            // Before any kernel: every CUDA call of a runtime the driver does not support fails.
            const RuntimeVerdict verdict = runtime_verdict(runtime.version, driver_version(r.driver), false);
            if (verdict.runs != JitSupport::no) continue;
            const ToolkitRecord* needs = verdict.needs;
            const ToolkitRecord* newest = r.driver_toolkit;
            r.problems.push_back({f.path + " runs with " + runtime.label() + ", which needs " + driver_for(*needs) +
                                      " (any CUDA " + std::to_string(runtime.version.major) + ".x), and this one supports CUDA " +
                                      cuda_version(r.driver.driver_version).str() +
                                      ": every CUDA call fails with cudaErrorInsufficientDriver (" +
                                      std::to_string(verdict.error()) + "), \"CUDA driver version is "
                                      "insufficient for CUDA runtime version\"",
                                  "install " + driver_for(*needs) +
                                      (newest ? ", or rebuild it with CUDA " + std::to_string(newest->release.major) + ".x" : std::string())});
        }
        for (const DeviceRun& run : f.runs) {
            const Device& device = *run.device;
            if (run.verdict.verdict == Verdict::no_image) {
                const std::string symptom = run.kind == VerdictKind::symbol_not_found
                                                ? " (an -rdc program: named symbol not found, error " +
                                                      std::to_string(error_symbol_not_found) + ")"
                                                : "";
                r.problems.push_back({f.path + " has no kernel image for " + device_label(device) + symptom + ": " +
                                          run.verdict.reason, rebuild_with(f.compiled, device)});
            } else if (run.verdict.verdict == Verdict::link_sass) {
                r.problems.push_back({f.path + " runs on " + device_label(device) + " only through a load-time link of its relocatable " +
                                          run.verdict.image.sm() + ", paid at every process start: its device link lacked that architecture",
                                      "give the device link the compile's -gencode flags"});
            } else if (uses_ptx(run.verdict.verdict) && (!r.cache.keeps() || run.ptx_bytes > r.cache.max_size)) {
                const std::string why = r.cache.disabled ? "the JIT cache is disabled (CUDA_CACHE_DISABLE)"
                                        : !r.cache.writable ? "the JIT cache (" + (r.cache.path.empty() ? std::string("no HOME") : r.cache.path) + ") cannot be written"
                                                            : "its PTX (" + size_text(run.ptx_bytes) + ") is larger than the JIT cache holds (" +
                                                                  size_text(r.cache.max_size) + ", CUDA_CACHE_MAXSIZE)";
                r.problems.push_back({f.path + " runs on " + device_label(device) + " only through PTX JIT of " +
                                          run.verdict.image.compute() + ", and " + why +
                                          ": the driver compiles it again at every process start",
                                      (r.cache.disabled ? std::string("unset CUDA_CACHE_DISABLE")
                                       : !r.cache.writable ? std::string("set CUDA_CACHE_PATH to a folder this user can write")
                                                           : "raise CUDA_CACHE_MAXSIZE (at most 4294967296)") +
                                          ", or " + rebuild_with(f.compiled, device)});
            } else if (const JitVerdict jit = ptx_jit_verdict(run.ptx_isa, driver_version(r.driver));
                       !run.ptx_isa.empty() && r.driver_toolkit && jit.jit == JitSupport::no) {
                const ToolkitRecord* needed = jit.needs;
                r.problems.push_back({f.path + " runs on " + device_label(device) + " only through its PTX (ISA " + run.ptx_isa.str() +
                                          "), newer than this driver JIT-compiles (ISA " + r.driver_toolkit->ptx_isa.str() +
                                          "): cudaErrorUnsupportedPtxVersion (" + std::to_string(error_unsupported_ptx) + ")",
                                      (needed ? "install " + driver_for(*needed) + ", or " : std::string()) +
                                          rebuild_with(f.compiled, device)});
            }
        }
    }
}

std::string_view verdict_name(Verdict v) {
    switch (v) {
        case Verdict::native: return "native";
        case Verdict::ptx_jit: return "ptx-jit";
        case Verdict::link_sass: return "link-sass";
        case Verdict::link_ptx: return "link-ptx";
        case Verdict::no_image: return "no-image";
    }
    return "no-image";
}

std::string numbers(const std::vector<Arch>& archs, std::string_view separator) {
    std::vector<std::string> parts;
    for (const Arch& a : archs) parts.push_back(a.number());
    return text::join(parts, separator);
}

// The driver and its GPUs, or why none answer.
void write_driver_lines(Output& out, const Report& r) {
    const DriverQuery& q = r.driver;
    if (q.status == DriverStatus::no_driver) {
        out << "driver: none (" << q.reason << ")\n";
    } else if (q.status == DriverStatus::crashed || q.status == DriverStatus::timed_out || q.status == DriverStatus::no_helper) {
        out << "driver: unknown (" << q.reason << ")\n";
    } else {
        out << "driver: " << (q.release.empty() ? q.library : q.release + " (" + q.library + ")");
        if (q.driver_version > 0) out << ": CUDA " << cuda_version_text(q.driver_version) << " and older";
        if (r.driver_toolkit) out << ", PTX ISA " << r.driver_toolkit->ptx_isa.str() << " and older";
        out << "\n";
        if (q.ok()) write_device_lines(out, q);
        else out << "GPUs: none (" << q.reason << ")\n";
    }
}

// What the process's environment and this machine decide: the JIT cache, libcudart, nvcc.
void write_environment_lines(Output& out, const Report& r) {
    out << "CUDA_VISIBLE_DEVICES: " << (r.visible ? "'" + *r.visible + "'" : "not set") << "\n";
    if (r.cache.disabled) {
        out << "JIT cache: disabled (CUDA_CACHE_DISABLE): PTX JIT runs at every process start\n";
    } else {
        out << "JIT cache: " << (r.cache.path.empty() ? "unknown (no CUDA_CACHE_PATH, no HOME)" : r.cache.path)
            << (r.cache.path_set ? " (CUDA_CACHE_PATH)" : "") << ", "
            << (r.cache.writable ? "writable" : "not writable: PTX JIT runs at every process start") << ", holds up to "
            << size_text(r.cache.max_size) << (r.cache.max_size_set ? " (CUDA_CACHE_MAXSIZE)" : "") << "\n";
    }
    if (r.runtimes.empty()) out << "libcudart: none found\n";
    for (const RuntimeLibrary& lib : r.runtimes) out << "libcudart: " << lib.path << " (" << lib.version << ", " << lib.source << ")\n";
    switch (r.nvcc.state) {
        case NvccState::not_found: out << "nvcc: not found (" << r.nvcc.path << ")\n"; break;
        case NvccState::failed: out << "nvcc: " << r.nvcc.path << " does not answer\n"; break;
        case NvccState::ok:
            out << "nvcc: " << r.nvcc.toolkit->version.str() << " (" << r.nvcc.path << "), builds " << numbers(r.nvcc.toolkit->real, " ") << "\n";
            break;
    }
}

// One file: its summary, then its verdict on each GPU.
void write_file_lines(Output& out, const FileReport& f) {
    out << "file " << f.path << ": ";
    if (!f.error.empty()) {
        out << "error: " << f.error << "\n";
        return;
    }
    out << f.summary << (f.device_code && !f.kernels ? "; no kernels, nothing to launch" : "") << "\n";
    for (const DeviceRun& run : f.runs) {
        out << "  " << device_label(*run.device) << ": ";
        switch (run.verdict.verdict) {
            case Verdict::native: out << "native (" << run.verdict.image.sm() << ")\n"; break;
            case Verdict::ptx_jit:
                out << "PTX JIT (" << run.verdict.image.compute() << (run.ptx_isa.empty() ? "" : ", ISA " + run.ptx_isa.str()) << ")\n";
                break;
            case Verdict::link_sass: out << "load-time link (relocatable " << run.verdict.image.sm() << ")\n"; break;
            case Verdict::link_ptx:
                out << "PTX JIT and load-time link (relocatable " << run.verdict.image.compute()
                    << (run.ptx_isa.empty() ? "" : ", ISA " + run.ptx_isa.str()) << ")\n";
                break;
            case Verdict::no_image:
                if (run.kind == VerdictKind::symbol_not_found)
                    out << "named symbol not found (error " << error_symbol_not_found << ")\n";
                else out << "no kernel image\n";
                break;
        }
    }
}

void write_text(Output& out, const Report& r) {
    write_driver_lines(out, r);
    write_pci_lines(out, r);
    write_environment_lines(out, r);
    for (const FileReport& f : r.files) write_file_lines(out, f);
    for (std::size_t i = 0; i < r.problems.size(); ++i) {
        out << i + 1 << ". " << r.problems[i].what << ".\n   fix: " << r.problems[i].fix << ".\n";
    }
    if (r.problems.empty()) out << "OK\n";
    else out << r.problems.size() << (r.problems.size() == 1 ? " problem\n" : " problems\n");
}

// ["75", "90a"]: strings, since a and f variants are no numbers.
std::string json_numbers(const std::vector<Arch>& archs) {
    std::vector<std::string> parts;
    for (const Arch& a : archs) parts.push_back(json_string(a.number()));
    return text::join(parts, ", ");
}


void write_json(Output& out, const Report& r) {
    const DriverQuery& q = r.driver;
    out << json_schema_head("doctor") << ",\n \"gpus\": ";
    write_driver_json(out, q);
    out << ",\n \"pci\": ";
    write_pci_json(out, r.pci, r.sysfs_root);
    out << ",\n \"driver\": {\"release\": " << json_optional_string(q.release)
        << ", \"cuda\": " << json_optional_string(q.driver_version > 0 ? cuda_version_text(q.driver_version) : "")
        << ", \"ptx_isa\": " << json_optional_string(r.driver_toolkit ? r.driver_toolkit->ptx_isa.str() : "") << "},\n";
    out << " \"cuda_visible_devices\": " << (r.visible ? json_string(*r.visible) : "null")
        << ",\n \"jit_cache\": {\"disabled\": " << (r.cache.disabled ? "true" : "false")
        << ", \"path\": " << json_optional_string(r.cache.path) << ", \"path_set\": " << (r.cache.path_set ? "true" : "false")
        << ", \"writable\": " << (r.cache.writable ? "true" : "false") << ", \"max_size\": " << r.cache.max_size
        << ", \"max_size_set\": " << (r.cache.max_size_set ? "true" : "false") << "},\n \"runtimes\": [";
    for (std::size_t i = 0; i < r.runtimes.size(); ++i) {
        const RuntimeLibrary& lib = r.runtimes[i];
        out << (i ? ", " : "") << "{\"path\": " << json_string(lib.path) << ", \"version\": " << json_string(lib.version)
            << ", \"source\": " << json_string(lib.source) << "}";
    }
    static constexpr std::string_view kStates[] = {"ok", "not-found", "failed"};
    const Toolkit* t = r.nvcc.toolkit ? &*r.nvcc.toolkit : nullptr;
    out << "],\n \"nvcc\": {\"path\": " << json_string(r.nvcc.path) << ", \"status\": \""
        << kStates[static_cast<int>(r.nvcc.state)] << "\", \"version\": " << json_optional_string(t ? t->version.str() : "")
        << ", \"error\": " << json_optional_string(r.nvcc.error) << ", \"real\": [" << (t ? json_numbers(t->real) : "")
        << "], \"virtual\": [" << (t ? json_numbers(t->virt) : "") << "]},\n \"files\": [";
    for (std::size_t i = 0; i < r.files.size(); ++i) {
        const FileReport& f = r.files[i];
        std::vector<std::string> sass;
        std::vector<std::string> ptx;
        for (const Entry& e : f.images) {
            if (e.sass) sass.push_back(json_string(e.arch.sm()));
            if (e.ptx) ptx.push_back(json_string(e.arch.compute()));
        }
        out << (i ? ",\n  " : "\n  ") << "{\"path\": " << json_string(f.path) << ", \"error\": " << json_optional_string(f.error)
            << ", \"sass\": [" << text::join(sass, ", ") << "], \"ptx\": [" << text::join(ptx, ", ") << "], \"devices\": [";
        for (std::size_t k = 0; k < f.runs.size(); ++k) {
            const DeviceRun& run = f.runs[k];
            const Verdict v = run.verdict.verdict;
            out << (k ? ", " : "") << "{\"index\": " << run.device->index << ", \"verdict\": \"" << verdict_name(v) << "\", \"image\": "
                << (v == Verdict::no_image ? "null"
                    : uses_ptx(v)         ? json_string(run.verdict.image.compute())
                                          : json_string(run.verdict.image.sm()))
                << ", \"ptx_isa\": " << json_optional_string(run.ptx_isa.empty() ? "" : run.ptx_isa.str())
                << ", \"reason\": " << json_optional_string(run.verdict.reason) << "}";
        }
        out << "]}";
    }
    out << (r.files.empty() ? "" : "\n ") << "],\n \"problems\": [";
    for (std::size_t i = 0; i < r.problems.size(); ++i) {
        out << (i ? ",\n  " : "\n  ") << "{\"problem\": " << json_string(r.problems[i].what)
            << ", \"fix\": " << json_string(r.problems[i].fix) << "}";
    }
    out << (r.problems.empty() ? "" : "\n ") << "],\n \"ok\": " << (r.problems.empty() ? "true" : "false") << "}\n";
}

}  // namespace

const CommandSyntax kDoctorSyntax{
    "doctor", "[FILE...]",
    "Diagnoses why CUDA code does or does not run here: the GPUs and the driver, the CUDA\n"
    "versions the driver supports, CUDA_VISIBLE_DEVICES, the libcudart the loader finds, the\n"
    "nvcc on PATH, and for each FILE (program, library, object) whether each GPU runs it.\n"
    "Ends with OK or numbered problems, each with a fix.\n",
    "Exit status: 0 no problem, 1 problems, 2 usage error.\n",
    kOptions, std::size(kOptions), Operands::words};

namespace {

int run_doctor(const CommandLine& line, Output& out, Output& err) {
    const Result<DriverTimeout> timeout = driver_timeout(kDoctorSyntax, line);
    if (!timeout) return usage_error(kDoctorSyntax, err, timeout.error());
    const bool json = line.has("--json");
    const std::string nvcc(line.value("--nvcc").value_or(""));
    const std::vector<std::string> files(line.operands.begin(), line.operands.end());

    Report report;
    report.driver = ask_driver(*timeout);
    if (report.driver.driver_version > 0) report.driver_toolkit = toolkit_for_driver(report.driver.driver_version);
    if (const char* visible = std::getenv("CUDA_VISIBLE_DEVICES")) report.visible = visible;
    report.cache = jit_cache(std::getenv("CUDA_CACHE_DISABLE"), std::getenv("CUDA_CACHE_PATH"),
                             std::getenv("CUDA_CACHE_MAXSIZE"), std::getenv("HOME"));
    report.runtimes = find_cuda_runtimes(default_runtime_search());
    report.nvcc = ask_nvcc(nvcc);
    for (const std::string& file : files) report.files.push_back(check_file(file, report.driver));
    report.sysfs_root = sysfs_root();
    report.pci = scan_pci(report.sysfs_root, pci_ids_file());
    driver_problems(report);
    pci_problems(report);
    nvcc_problems(report);
    file_problems(report);

    if (json) write_json(out, report);
    else write_text(out, report);
    return report.problems.empty() ? 0 : 1;
}

}  // namespace

const Command kDoctorCommand{&kDoctorSyntax, run_doctor,
    "diagnose why CUDA code does or does not run here: driver, GPUs, libraries, files"};

}  // namespace cudaarch::cli
