// SPDX-License-Identifier: Apache-2.0
// The runtime guard: can this CUDA program's device code run on a GPU, and how?
// For users' CUDA programs, through CudaArch::runtime (libcudaarch_runtime). See docs/runtime.md.
//
// In a CUDA translation unit (compiled by nvcc, __CUDACC__ defined):
//   cudaarch::DeviceCheck check = cudaarch::check_device(0);   // verdict + one-line message
//   cudaarch::require_device_support();   // current device: returns if it can run, else exits
// The architectures the unit was built for come from the compile definition
// CUDAARCH_BUILT_FOR, a string literal holding a CMake CUDA_ARCHITECTURES list
// ("80-real;86"); without it messages say the list is unknown. Whether the device can run
// the code comes from cudaFuncGetAttributes on a tiny kernel of the including unit, so it is
// what the runtime does; how it runs (native linked SASS, a load-time link of relocatable
// images, JIT) comes from the program's own file, judged by the loader model of
// `cudaarch check` (read_module, in libcudaarch_runtime), as check would judge it.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#ifdef __CUDACC__
#include <cuda_runtime_api.h>
#endif

// The exit status of require_device_support() when the device cannot run the code:
// 209 is cudaErrorNoKernelImageForDevice. Define it before including to choose another.
#ifndef CUDAARCH_EXIT_NO_KERNEL_IMAGE
#define CUDAARCH_EXIT_NO_KERNEL_IMAGE 209
#endif

namespace cudaarch {

enum class DeviceVerdict {
    native,      // a cubin (SASS) for this device, linked into the program
    ptx_jit,     // the driver compiles PTX for it at first launch
    cannot_run,  // no kernel image, or the device or driver is unusable
    link_sass,   // -rdc program: the runtime links relocatable cubins at every process start
    link_ptx,    // -rdc program: the driver compiles relocatable PTX at first launch, the runtime links it at every start
};

// "native", "ptx_jit", "cannot_run", "link_sass", "link_ptx": as `cudaarch check --json` names
// its verdicts (no_image there is cannot_run here).
inline const char* verdict_name(DeviceVerdict verdict) {
    switch (verdict) {
        case DeviceVerdict::native: return "native";
        case DeviceVerdict::ptx_jit: return "ptx_jit";
        case DeviceVerdict::link_sass: return "link_sass";
        case DeviceVerdict::link_ptx: return "link_ptx";
        case DeviceVerdict::cannot_run: break;
    }
    return "cannot_run";
}

struct DeviceCheck {
    DeviceVerdict verdict = DeviceVerdict::cannot_run;
    std::string message;  // one line, no newline, ends with '.'
    int error = 0;        // cannot_run: the CUDA error (209, 500 in -rdc programs, 222, ...); else 0
};

// The pure parts, public for the tests; not a stable interface.
namespace runtime_detail {

// One entry of the built-for list: 86 with its images; suffix is 0, 'a' or 'f'.
struct Built {
    int number = 0;
    char suffix = 0;
    bool sass = false;
    bool ptx = false;
};

struct BuiltFor {
    bool known = false;    // false: no list, or text that is not one
    std::string text;      // what CUDAARCH_BUILT_FOR held; empty when undefined
    std::vector<Built> entries;  // sorted by number, then suffix; one per architecture
};

// Reads a CMake CUDA_ARCHITECTURES list: NN, NNa, NNf, each optionally -real or -virtual,
// separated by ';' (also ',' or blanks). Anything else (native, all, 8.6) makes it unknown.
inline BuiltFor parse_built_for(const char* text) {
    BuiltFor out;
    out.text = text ? text : "";
    const std::string& s = out.text;
    std::size_t i = 0;
    while (i < s.size()) {
        if (s[i] == ';' || s[i] == ',' || s[i] == ' ' || s[i] == '\t') {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < s.size() && s[end] != ';' && s[end] != ',' && s[end] != ' ' && s[end] != '\t') ++end;
        const std::string item = s.substr(i, end - i);
        i = end;
        std::size_t k = 0;
        Built b;
        while (k < item.size() && item[k] >= '0' && item[k] <= '9' && k < 3) b.number = b.number * 10 + (item[k++] - '0');
        if (k < 2 || b.number < 10) return {false, out.text, {}};
        if (k < item.size() && (item[k] == 'a' || item[k] == 'f')) b.suffix = item[k++];
        const std::string kind = item.substr(k);
        b.sass = kind.empty() || kind == "-real";
        b.ptx = kind.empty() || kind == "-virtual";
        if (!b.sass && !b.ptx) return {false, out.text, {}};
        auto at = out.entries.begin();
        while (at != out.entries.end() && (at->number < b.number || (at->number == b.number && at->suffix < b.suffix))) ++at;
        if (at != out.entries.end() && at->number == b.number && at->suffix == b.suffix) {
            at->sass = at->sass || b.sass;
            at->ptx = at->ptx || b.ptx;
        } else {
            out.entries.insert(at, b);
        }
    }
    out.known = !out.entries.empty();
    return out;
}

// "90a" for {90, 'a'}; dotted: "9.0a".
inline std::string arch_number(const Built& b) { return std::to_string(b.number) + (b.suffix ? std::string(1, b.suffix) : ""); }
inline std::string arch_dotted(const Built& b) {
    return std::to_string(b.number / 10) + "." + std::to_string(b.number % 10) + (b.suffix ? std::string(1, b.suffix) : "");
}

// "built for sm_80, sm_86 (PTX compute_86)".
inline std::string describe(const BuiltFor& built) {
    if (built.text.empty()) return "built for unknown architectures (CUDAARCH_BUILT_FOR is not defined)";
    if (!built.known) return "built for '" + built.text + "' (not a CUDA_ARCHITECTURES list)";
    std::string sass;
    std::string ptx;
    for (const Built& b : built.entries) {
        if (b.sass) sass += (sass.empty() ? "sm_" : ", sm_") + arch_number(b);
        if (b.ptx) ptx += (ptx.empty() ? "compute_" : ", compute_") + arch_number(b);
    }
    if (sass.empty()) return "built for PTX " + ptx;
    return "built for " + sass + (ptx.empty() ? "" : " (PTX " + ptx + ")");
}

// The list with SASS for the device added, as CMake and PyTorch write it:
// "CMAKE_CUDA_ARCHITECTURES=80-real;90-real (or TORCH_CUDA_ARCH_LIST=\"8.0 9.0\")".
inline std::string rebuild_hint(const BuiltFor& built, int device_number) {
    const std::string device = std::to_string(device_number);
    const std::string dotted = std::to_string(device_number / 10) + "." + std::to_string(device_number % 10);
    if (!built.known) {
        return device + "-real added to CMAKE_CUDA_ARCHITECTURES (or " + dotted + " to TORCH_CUDA_ARCH_LIST)";
    }
    std::vector<Built> entries = built.entries;
    auto at = entries.begin();
    while (at != entries.end() && at->number < device_number) ++at;
    if (at != entries.end() && at->number == device_number && at->suffix == 0) at->sass = true;
    else entries.insert(at, Built{device_number, 0, true, false});
    std::string cmake;
    std::string torch;
    std::string suffixed;  // the first a/f image, which some CMake releases refuse in the list
    for (const Built& b : entries) {
        cmake += (cmake.empty() ? "" : ";") + arch_number(b) + (b.ptx ? (b.sass ? "" : "-virtual") : "-real");
        torch += (torch.empty() ? "" : " ") + arch_dotted(b) + (b.ptx ? "+PTX" : "");
        if (b.suffix && suffixed.empty()) suffixed = arch_number(b);
    }
    // This header has no database to name those releases (cudaarch check does); it gives the
    // spelling every release takes.
    const std::string every_release = suffixed.empty() ? "" : "; a CMake release that refuses " + suffixed +
        " there takes CUDAARCH_ARCHITECTURES=" + cmake + " with cudaarch_set_architectures()";
    return "CMAKE_CUDA_ARCHITECTURES=" + cmake + " (or TORCH_CUDA_ARCH_LIST=\"" + torch + "\"" + every_release + ")";
}

struct DeviceInfo {
    int index = 0;
    std::string name;  // empty: the device's properties could not be read
    int major = 0;
    int minor = 0;
};

// What the runtime said: the failing call's error (0 for success) and, on success,
// cudaFuncGetAttributes' binaryVersion and ptxVersion (major * 10 + minor).
struct Probe {
    int error = 0;
    std::string error_name;  // cudaGetErrorName
    std::string error_text;  // cudaGetErrorString
    int binary_version = 0;
    int ptx_version = 0;
    bool rdc = false;  // the unit has relocatable device code (-rdc=true, __CUDACC_RDC__)
};

// What the program's own file (the executable or shared library holding the including unit)
// runs on the device, by the loader model of `cudaarch check`: its linked images (.nv_fatbin)
// and, in an -rdc program, its relocatable ones (__nv_relfatbin), libcudadevrt's set apart.
struct ModuleImages {
    bool known = false;  // false: the file could not be read or judged; `why` says why
    std::string why;
    std::string path;    // the file read: /proc/self/exe for the executable
    bool rdc = false;    // it holds relocatable device code
    DeviceVerdict verdict = DeviceVerdict::cannot_run;
    std::string image;   // the image used: sm_90, compute_80; empty for cannot_run
    int error = 0;       // cannot_run: 209, or 500 in an -rdc program
};

// Judges the file whose loaded segments hold `address` (a function of the including unit) for
// a device of compute capability major.minor. Reads only the file's fatbin sections, with the
// bounds-checked readers of `cudaarch inspect`. Never throws. Defined in libcudaarch_runtime.
ModuleImages read_module(const void* address, int major, int minor);
// The same for a file named by its path (what read_module does once it found the file).
ModuleImages read_file(const std::string& path, int major, int minor);

constexpr int kNoKernelImage = 209;         // cudaErrorNoKernelImageForDevice
constexpr int kSymbolNotFound = 500;        // cudaErrorSymbolNotFound: how -rdc programs report no image
constexpr int kUnsupportedPtxVersion = 222;  // cudaErrorUnsupportedPtxVersion

// The verdict and its message. Whether the device runs the code is the runtime's answer
// (`probe`); how, the file's (`module`). Without a judged file: native when the list has the
// SASS the runtime loaded (binaryVersion); with an unknown list, when the loaded code is not
// newer than its PTX.
inline DeviceCheck assess(const BuiltFor& built, const DeviceInfo& device, const Probe& probe,
                          const ModuleImages& module = {}) {
    const std::string prefix = describe(built) + "; device " + std::to_string(device.index);
    if (device.name.empty()) {
        return {DeviceVerdict::cannot_run,
                prefix + " cannot be used: " + probe.error_name + " (" + std::to_string(probe.error) + "): " + probe.error_text + ".",
                probe.error};
    }
    const int number = device.major * 10 + device.minor;
    const std::string who = prefix + " '" + device.name + "' (" + std::to_string(device.major) + "." +
                            std::to_string(device.minor) + ")";
    const bool rdc = module.known ? module.rdc : probe.rdc;
    if (probe.error == kNoKernelImage) {
        return {DeviceVerdict::cannot_run, who + " cannot run it: no kernel image; rebuild with " + rebuild_hint(built, number) + ".",
                probe.error};
    }
    // The runtime links an -rdc program's relocatable images at load; with none for the device
    // it finds no kernel to load and says "named symbol not found" rather than 209.
    if (probe.error == kSymbolNotFound && rdc) {
        return {DeviceVerdict::cannot_run,
                who + " cannot run it: no kernel image (" + probe.error_name + " (500): " + probe.error_text +
                    ", as -rdc programs report it); rebuild with " + rebuild_hint(built, number) +
                    ", for the compile and the device link.",
                probe.error};
    }
    if (probe.error != 0) {
        std::string text = who + " cannot run it: " + probe.error_name + " (" + std::to_string(probe.error) + "): " + probe.error_text;
        if (probe.error == kUnsupportedPtxVersion) {
            text += "; the PTX is newer than the driver: update the driver, or rebuild with " + std::to_string(number) + "-real";
        }
        return {DeviceVerdict::cannot_run, text + ".", probe.error};
    }
    const std::string rebuild = "rebuild with " + std::to_string(number);
    switch (module.known ? module.verdict : DeviceVerdict::cannot_run) {
        case DeviceVerdict::native:
            return {module.verdict, who + " runs it natively (" + (module.rdc ? "linked " : "") + module.image + ")."};
        case DeviceVerdict::ptx_jit:
            return {module.verdict,
                    who + " runs it through PTX JIT from " + module.image + ": first launch is slower, " + rebuild + " for native code."};
        case DeviceVerdict::link_sass:
            return {module.verdict, who + " runs it through a load-time link of relocatable " + module.image +
                                        ": the runtime links the device code at every process start; give the device link the "
                                        "compile's architectures for native code."};
        case DeviceVerdict::link_ptx:
            return {module.verdict, who + " runs it through JIT and load-time link of relocatable " + module.image +
                                        ": the driver compiles it at the first launch, the runtime links it at every process "
                                        "start; " + rebuild + ", for the compile and the device link, for native code."};
        case DeviceVerdict::cannot_run: break;  // not judged, or judged wrong: the runtime did run it
    }
    // The runtime ran it, and the file could not say how: judge by what the runtime loaded.
    std::string sass;
    for (const Built& b : built.entries) {
        if (b.sass && b.number == probe.binary_version && sass.empty()) sass = "sm_" + arch_number(b);
    }
    if (!built.known && probe.ptx_version >= probe.binary_version) sass = "sm_" + std::to_string(probe.binary_version);
    if (!sass.empty()) return {DeviceVerdict::native, who + " runs it natively (" + sass + ")."};
    return {DeviceVerdict::ptx_jit, who + " runs it through PTX JIT from compute_" + std::to_string(probe.ptx_version) +
                                        ": first launch is slower, " + rebuild + " for native code."};
}

inline const char* built_for_text() {
#ifdef CUDAARCH_BUILT_FOR
    return CUDAARCH_BUILT_FOR;
#else
    return nullptr;
#endif
}

}  // namespace runtime_detail

#ifdef __CUDACC__
// Internal linkage: each including unit checks its own kernel, built with its own
// architectures, and its own CUDAARCH_BUILT_FOR.
static __global__ void cudaarch_runtime_probe_kernel() {}

// The verdict for `device` (a CUDA ordinal, after CUDA_VISIBLE_DEVICES). Leaves the current
// device as it was; clears the error it provokes.
static inline DeviceCheck check_device(int device) {
    namespace d = runtime_detail;
    const d::BuiltFor built = d::parse_built_for(d::built_for_text());
    d::Probe probe;
#ifdef __CUDACC_RDC__
    probe.rdc = true;
#endif
    d::DeviceInfo info;
    info.index = device;
    const auto failed = [&probe](cudaError_t error) {
        probe.error = static_cast<int>(error);
        probe.error_name = cudaGetErrorName(error);
        probe.error_text = cudaGetErrorString(error);
        cudaGetLastError();
    };
    cudaDeviceProp props;
    if (const cudaError_t error = cudaGetDeviceProperties(&props, device); error != cudaSuccess) {
        failed(error);
        return d::assess(built, info, probe);
    }
    info.name = props.name;
    info.major = props.major;
    info.minor = props.minor;
    int previous = device;
    cudaGetDevice(&previous);
    cudaFuncAttributes attributes{};
    cudaError_t error = cudaSetDevice(device);
    if (error == cudaSuccess) error = cudaFuncGetAttributes(&attributes, cudaarch_runtime_probe_kernel);
    if (error != cudaSuccess) failed(error);
    probe.binary_version = attributes.binaryVersion;
    probe.ptx_version = attributes.ptxVersion;
    cudaSetDevice(previous);
    // This unit's kernel stub sits in the file whose images the runtime loaded for it.
    const d::ModuleImages module = d::read_module(reinterpret_cast<const void*>(&cudaarch_runtime_probe_kernel), info.major, info.minor);
    return d::assess(built, info, probe, module);
}

// Checks `device` (default: the current one). Native: returns silently. PTX JIT or a load-time
// link: prints "cudaarch: <message>" to stderr and returns. Cannot run: prints the same and
// ends the program with std::exit(CUDAARCH_EXIT_NO_KERNEL_IMAGE).
static inline void require_device_support(int device = -1) {
    if (device < 0 && cudaGetDevice(&device) != cudaSuccess) device = 0;
    const DeviceCheck check = check_device(device);
    if (check.verdict == DeviceVerdict::native) return;
    std::fprintf(stderr, "cudaarch: %s\n", check.message.c_str());
    if (check.verdict == DeviceVerdict::cannot_run) std::exit(CUDAARCH_EXIT_NO_KERNEL_IMAGE);
}
#endif  // __CUDACC__

}  // namespace cudaarch
