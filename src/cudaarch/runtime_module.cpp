// SPDX-License-Identifier: Apache-2.0
// The runtime guard's view of its own program (libcudaarch_runtime): which file holds the
// calling code, and what `cudaarch check`'s verdict engine says that file runs on a device. One
// rule for both: the guard asks judge_file() (verdict.hpp) as check does, under the process's
// own CUDA_FORCE_PTX_JIT and CUDA_DISABLE_PTX_JIT, without a driver (the guard's own probe
// meets the driver).
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <string>

#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/runtime.hpp"
#include "cudaarch/verdict.hpp"

#if __has_include(<link.h>)
#include <link.h>  // dl_iterate_phdr
#define CUDAARCH_HAS_DL_ITERATE_PHDR 1
#endif

namespace cudaarch::runtime_detail {

namespace {

ModuleImages not_judged(std::string why, std::string path = {}) {
    ModuleImages module;
    module.why = std::move(why);
    module.path = std::move(path);
    return module;
}

#ifdef CUDAARCH_HAS_DL_ITERATE_PHDR
struct Search {
    std::uintptr_t address = 0;
    const char* path = nullptr;  // set when found; a C callback must not allocate (or throw)
};

// The loaded object one of whose segments holds the address: the main program has no name
// in the list, and /proc/self/exe is its file wherever the process was started from.
int find_object(dl_phdr_info* info, std::size_t, void* data) {
    auto& search = *static_cast<Search*>(data);
    for (std::size_t i = 0; i < info->dlpi_phnum; ++i) {
        const auto& segment = info->dlpi_phdr[i];
        const std::uintptr_t start = info->dlpi_addr + segment.p_vaddr;
        if (segment.p_type != PT_LOAD || search.address < start || search.address - start >= segment.p_memsz) continue;
        search.path = info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : "/proc/self/exe";
        return 1;
    }
    return 0;
}
#endif

DeviceVerdict guard_verdict(Verdict verdict) {
    switch (verdict) {
        case Verdict::native: return DeviceVerdict::native;
        case Verdict::ptx_jit: return DeviceVerdict::ptx_jit;
        case Verdict::link_sass: return DeviceVerdict::link_sass;
        case Verdict::link_ptx: return DeviceVerdict::link_ptx;
        case Verdict::no_image: break;
    }
    return DeviceVerdict::cannot_run;
}

ModuleImages judge_file(const std::string& path, int major, int minor) {
    // Only the sections the CUDA runtime loads from: .nv_fatbin and __nv_relfatbin, each walked
    // header to header, so a large program costs little.
    Result<binary::Listing> listing = binary::list_images(path, binary::Scope::fatbin_sections, binary::Read::kernels);
    if (!listing) return not_judged(listing.error().message, path);
    VerdictInputs inputs;
    inputs.gpus = {Arch{major, minor, Suffix::none}};
    inputs.environment = jit_environment(std::getenv("CUDA_FORCE_PTX_JIT"), std::getenv("CUDA_DISABLE_PTX_JIT"));
    const FileJudgement file = cudaarch::judge_file(std::move(listing).value(), inputs);
    if (file.parts.empty()) return not_judged(path + " holds no SASS or PTX image", path);
    if (file.verdicts.empty()) return not_judged(path + " has no kernel to launch", path);
    const RunVerdict& run = file.verdicts.front().worst.run;
    ModuleImages module;
    module.known = true;
    module.path = path;
    module.rdc = file.build.program().rdc();
    module.verdict = guard_verdict(run.verdict);
    if (run.verdict != Verdict::no_image) module.image = uses_ptx(run.verdict) ? run.image.compute() : run.image.sm();
    module.error = run.error;
    return module;
}

}  // namespace

ModuleImages read_file(const std::string& path, int major, int minor) {
    try {
        return judge_file(path, major, minor);
    } catch (const std::exception& e) {  // out of memory: the guard must not end the program
        return not_judged(e.what(), path);
    }
}

ModuleImages read_module(const void* address, int major, int minor) {
#ifdef CUDAARCH_HAS_DL_ITERATE_PHDR
    try {
        Search search;
        search.address = reinterpret_cast<std::uintptr_t>(address);
        dl_iterate_phdr(find_object, &search);
        if (!search.path) return not_judged("no loaded file holds the guard's code");
        return judge_file(search.path, major, minor);
    } catch (const std::exception& e) {
        return not_judged(e.what());
    }
#else
    static_cast<void>(address), static_cast<void>(major), static_cast<void>(minor);
    return not_judged("this platform cannot name the file a function was loaded from");
#endif
}

}  // namespace cudaarch::runtime_detail
