#include "cudaarch/compat.hpp"

#include "cudaarch/database.hpp"

namespace cudaarch {

namespace {

bool cc_at_most(const Arch& a, const Arch& b) { return a.major != b.major ? a.major < b.major : a.minor <= b.minor; }

// Whether a cubin built for `image` loads on `gpu`.
bool sass_fits(const Arch& image, const Arch& gpu) {
    if (is_tegra(image) != is_tegra(gpu) || image.major != gpu.major || image.minor > gpu.minor) return false;
    if (image.suffix == Suffix::a || is_tegra(gpu)) return image.minor == gpu.minor;
    return true;
}

// Whether the driver can JIT-compile PTX of `image` for `gpu`.
bool ptx_fits(const Arch& image, const Arch& gpu) {
    switch (image.suffix) {
        case Suffix::a: return image.major == gpu.major && image.minor == gpu.minor;
        case Suffix::f: return image.major == gpu.major && image.minor <= gpu.minor && is_tegra(image) == is_tegra(gpu);
        case Suffix::none: break;
    }
    return cc_at_most(image, gpu);
}

std::string why_nothing_runs(const ArchList& build, const Arch& gpu) {
    const std::string device = gpu.dotted();
    if (build.empty()) return "the build holds no image";
    bool any_lower = false;
    bool any_a_only = false;
    bool kind_mismatch = false;
    bool any_ptx = false;
    for (const Entry& e : build) {
        any_ptx = any_ptx || e.ptx;
        if (!cc_at_most(e.arch, gpu)) continue;
        any_lower = true;
        if (e.arch.suffix == Suffix::a) any_a_only = true;
        if (e.sass && e.arch.major == gpu.major && is_tegra(e.arch) != is_tegra(gpu)) kind_mismatch = true;
    }
    if (!any_lower) return device + " is older than every image in the build (the oldest is " + build.front().arch.dotted() + ")";
    if (kind_mismatch) return "Tegra and desktop GPUs never share cubins, and no PTX fits " + device;
    if (any_a_only) return "an 'a' image runs only on its own capability, and nothing else fits " + device;
    if (!any_ptx) return device + " is newer than every SASS image, and the build has no PTX to JIT-compile";
    return "no SASS image of the " + std::to_string(gpu.major) + ".x family and no PTX at or below " + device;
}

}  // namespace

bool is_tegra(const Arch& arch) {
    const CcRecord* cc = Database::find_cc(arch.major, arch.minor);
    return cc && cc->tegra;
}

RunVerdict runs_on(const ArchList& build, const Arch& gpu) {
    const Arch device = gpu.base();
    RunVerdict best;
    // The list is sorted, so the last fitting entry is the closest one at or below the GPU.
    for (const Entry& e : build) {
        if (e.sass && sass_fits(e.arch, device)) best = {Verdict::native, e.arch, {}};
    }
    if (best.verdict == Verdict::native) return best;
    for (const Entry& e : build) {
        if (e.ptx && ptx_fits(e.arch, device)) best = {Verdict::ptx_jit, e.arch, {}};
    }
    if (best.verdict == Verdict::ptx_jit) return best;
    return {Verdict::no_image, {}, why_nothing_runs(build, device)};
}

}  // namespace cudaarch
