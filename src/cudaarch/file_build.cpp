// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/file_build.hpp"

#include <map>
#include <tuple>

#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

using binary::Image;
using binary::ImageKind;

void add_image(ArchList& list, const Image& image) {
    // Never fails: only a "built from" can conflict, and images carry none.
    static_cast<void>(merge_entry(list, Entry{image.arch, image.kind == ImageKind::sass,
                                              image.kind == ImageKind::ptx, std::nullopt, {}}));
}

// The entries and kinds of `list` that `other` lacks.
ArchList minus(const ArchList& list, const ArchList& other) {
    ArchList out;
    for (Entry e : list) {
        for (const Entry& o : other) {
            if (o.arch != e.arch) continue;
            e.sass = e.sass && !o.sass;
            e.ptx = e.ptx && !o.ptx;
        }
        if (e.sass || e.ptx) out.push_back(e);
    }
    return out;
}

}  // namespace

bool same_container(const binary::Image& a, const binary::Image& b) {
    return a.container_offset == b.container_offset && a.member_offset == b.member_offset && a.section == b.section;
}

FileBuild file_build(const binary::Listing& listing) {
    struct Container {
        ArchList images;
        bool portable = false;  // holds an image without 'a'
    };
    // Images are listed container by container; a standalone .cubin/.ptx is a container of its
    // own. The key puts the offsets first, which tell containers apart without comparing names,
    // and each container is looked up once, at its first image: cuFFT has 11,000 of them.
    std::map<std::tuple<std::uint64_t, std::uint64_t, std::string>, Container> containers;
    std::map<std::uint64_t, ArchList> relocatable;  // by container offset, in file order
    FileBuild build;
    Container* current = nullptr;
    const Image* previous = nullptr;  // the last image added to *current
    for (const Image& image : listing.images) {
        if (!runnable(image)) continue;
        if (listing.linked && image.device_runtime) {
            add_image(build.device_runtime, image);
            continue;
        }
        if (listing.linked && image.relocatable) {
            add_image(relocatable[image.container_offset], image);
            continue;
        }
        if (!previous || !same_container(*previous, image))
            current = &containers[{image.member_offset, image.container_offset, image.section}];
        previous = &image;
        add_image(current->images, image);
        current->portable = current->portable || image.arch.suffix != Suffix::a;
    }
    for (auto& [offset, images] : relocatable) build.relocatable.push_back(std::move(images));
    for (const auto& [key, c] : containers) merge_images(c.portable ? build.judged : build.arch_specific, c.images);
    if (build.judged.empty()) std::swap(build.judged, build.arch_specific);
    return build;
}

ArchList FileBuild::compiled() const {
    ArchList list;
    for (const ArchList& module : relocatable) merge_images(list, module);
    return list.empty() ? judged : list;
}

namespace {

// Whether the program runs `image` as it is (always, outside linked -rdc programs).
bool loaded_as_is(const binary::Listing& listing, const Image& image) {
    if (!listing.linked || !image.relocatable) return true;
    return image.kind == ImageKind::ptx && !image.device_runtime;
}

}  // namespace

ArchList all_images(const binary::Listing& listing) {
    ArchList list;
    for (const Image& image : listing.images) {
        if (runnable(image) && loaded_as_is(listing, image)) add_image(list, image);
    }
    return list;
}

ArchList relocatable_only_sass(const binary::Listing& listing) {
    ArchList linked;
    ArchList relocatable;
    for (const Image& image : listing.images) {
        if (image.kind != ImageKind::sass || image.device_runtime) continue;
        add_image(loaded_as_is(listing, image) ? linked : relocatable, image);
    }
    return minus(relocatable, linked);
}

Version newest_ptx_isa(const binary::Listing& listing, const Arch& arch) {
    Version newest;
    for (const Image& image : listing.images) {
        if (image.kind != ImageKind::ptx || image.arch != arch || !image.ptx_isa) continue;
        const Version isa{image.ptx_isa->major, image.ptx_isa->minor};
        if (newest < isa) newest = isa;
    }
    return newest;
}

ImageDiff diff_images(const ArchList& expected, const ArchList& found) {
    return {image_name_list(minus(expected, found)), image_name_list(minus(found, expected))};
}

std::vector<std::string> image_name_list(const ArchList& list) {
    std::vector<std::string> out;
    for (const Entry& e : list) {
        if (e.sass) out.push_back(e.arch.sm());
        if (e.ptx) out.push_back(e.arch.compute());
    }
    return out;
}

std::string image_names(const ArchList& list) {
    const std::vector<std::string> all = image_name_list(list);
    return all.empty() ? "-" : text::join(all, " ");
}

}  // namespace cudaarch
