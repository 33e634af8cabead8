// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/modules.hpp"

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_set>

#include "cudaarch/binary/kernels.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

using binary::Image;

}  // namespace

bool Module::arch_specific() const {
    return std::all_of(listing.images.begin(), listing.images.end(),
                       [](const Image& image) { return image.arch.suffix == Suffix::a; });
}

Result<binary::Listing> list_modules(const std::string& path, std::size_t threads) {
    return binary::list_images(path, binary::Scope::all_sections, binary::Read::kernels, threads);
}

Result<binary::Listing> list_modules(const binary::FileBytes& file, std::size_t threads) {
    return binary::list_images(file, binary::Scope::all_sections, binary::Read::kernels, threads);
}

Result<binary::Listing> list_modules_in(std::string_view name, std::string_view bytes) {
    return binary::list_images_in(name, bytes, binary::Scope::all_sections, binary::Read::kernels);
}

std::vector<Module> modules(const binary::Listing& listing) {
    // An -rdc program's device link and relocatable code are linked into one image at load time.
    const bool rdc = listing.linked && std::any_of(listing.images.begin(), listing.images.end(),
                                                   [](const Image& image) { return image.relocatable; });
    // Each image's module first (a container's images are listed together, so it is looked up
    // once, at its first image), then each module's images copied into room made for them: a
    // library lists thousands.
    constexpr std::size_t none = ~std::size_t{0};
    std::vector<std::size_t> module_of(listing.images.size(), none);
    std::vector<std::size_t> sizes;  // images per module
    ContainerNumbers numbers;
    std::size_t current = 0;
    const Image* previous = nullptr;
    for (std::size_t i = 0; i < listing.images.size(); ++i) {
        const Image& image = listing.images[i];
        if (!runnable(image)) continue;
        if (!previous || (!rdc && !same_container(*previous, image))) {
            current = numbers.number(rdc ? ContainerKey{} : container_key(image));
            if (current == sizes.size()) sizes.push_back(0);
        }
        previous = &image;
        module_of[i] = current;
        ++sizes[current];
    }
    std::vector<Module> out(sizes.size());
    for (std::size_t k = 0; k < out.size(); ++k) {
        out[k].listing.format = listing.format;
        out[k].listing.linked = listing.linked;
        out[k].listing.images.reserve(sizes[k]);
    }
    for (std::size_t i = 0; i < listing.images.size(); ++i) {
        if (module_of[i] == none) continue;
        Module& module = out[module_of[i]];
        if (module.listing.images.empty() && !rdc) binary::append_origin(module.where, listing.images[i]);
        module.listing.images.push_back(listing.images[i]);
    }
    // A module's build depends on its images' kinds and architectures and on which are
    // relocatable or the device runtime's (its images share one container, or it is the one
    // module of an -rdc program): modules alike share one file_build(), as a library's modules
    // are mostly a few image sets.
    std::map<std::vector<int>, FileBuild> builds;
    std::vector<int> shape;  // reused: only a new shape is copied into `builds`
    for (Module& module : out) {
        shape.clear();
        for (const Image& image : module.listing.images)
            shape.insert(shape.end(), {static_cast<int>(image.kind), image.arch.major, image.arch.minor,
                                       static_cast<int>(image.arch.suffix), int{image.relocatable}, int{image.device_runtime}});
        auto built = builds.find(shape);
        if (built == builds.end()) built = builds.emplace(shape, file_build(module.listing)).first;
        module.build = built->second;
        std::unordered_set<std::string_view> seen;  // views of the module's own images' names
        bool all_read = true;
        bool any_read = false;
        module.compressed = true;
        for (const Image& image : module.listing.images) {
            if (image.device_runtime) continue;  // libcudadevrt's code is linked in, not launched
            module.compressed = module.compressed && image.compression != binary::Compression::none;
            all_read = all_read && image.kernels_read;
            any_read = any_read || image.kernels_read;
            for (const std::string& kernel : image.kernels)
                if (seen.insert(kernel).second) module.kernels.push_back(text::printable(binary::demangle(kernel)));
        }
        // A translation unit's images are compiled from one source, so one of them tells; an -rdc
        // program's device link may be empty (no image for its architecture) where its
        // relocatable code is not.
        module.kernels_known = (rdc ? all_read : any_read) || !module.kernels.empty();
    }
    return out;
}

Version module_toolkit(const Module& module) {
    Version newest;
    for (const Image& image : module.listing.images) {
        const Version built{image.toolkit.major, image.toolkit.minor};
        if (newest < built) newest = built;
    }
    return newest;
}

std::vector<bool> counted_modules(const std::vector<Module>& modules) {
    std::vector<bool> counted(modules.size(), false);
    bool portable = false;
    for (const Module& module : modules) portable = portable || (!module.kernel_less() && !module.arch_specific());
    for (std::size_t i = 0; i < modules.size(); ++i)
        counted[i] = !modules[i].kernel_less() && (!portable || !modules[i].arch_specific());
    return counted;
}

ArchList compiled(const std::vector<Module>& modules, const std::vector<bool>& counted) {
    ArchList list;
    // A library's modules come in runs of one build, which adds nothing after its first.
    const FileBuild* last = nullptr;
    for (std::size_t i = 0; i < modules.size(); ++i) {
        if (!counted[i]) continue;
        const FileBuild& build = modules[i].build;
        if (last && build.judged == last->judged && build.relocatable == last->relocatable) continue;
        merge_images(list, build.compiled());
        last = &build;
    }
    return list;
}

int badness(Verdict verdict) {
    switch (verdict) {
        case Verdict::native: return 0;
        case Verdict::link_sass: return 1;
        case Verdict::ptx_jit: return 2;
        case Verdict::link_ptx: return 3;
        case Verdict::no_image: break;
    }
    return 4;
}

bool built_for_newer(const Module& module, const Arch& gpu) {
    return std::all_of(module.listing.images.begin(), module.listing.images.end(), [&](const Image& image) {
        return !runnable(image) || gpu.base() < image.arch.base();
    });
}

bool decides_failure(const Module& module, const Arch& gpu, bool another_runs) {
    return !another_runs || (!module.compressed && !built_for_newer(module, gpu));
}

std::string kernel_summary(const Module& module, std::size_t shown) {
    if (!module.kernels_known) return "kernels not read (compressed code)";
    if (module.kernels.empty()) return "no kernels";
    const std::size_t n = std::min(shown, module.kernels.size());
    std::vector<std::string> names(module.kernels.begin(), module.kernels.begin() + static_cast<std::ptrdiff_t>(n));
    std::string out = text::join(names, ", ");
    if (module.kernels.size() > n) out += " and " + std::to_string(module.kernels.size() - n) + " more";
    return out;
}

}  // namespace cudaarch
