// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/file_build.hpp"

#include <functional>
#include <map>
#include <tuple>
#include <utility>

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

bool same_container(const binary::Image& a, const binary::Image& b) { return container_key(a) == container_key(b); }

ContainerKey container_key(const binary::Image& image) {
    return {image.member_offset, image.container_offset, image.section};
}

std::size_t ContainerNumbers::Hash::operator()(const ContainerKey& key) const {
    // The offsets alone: containers at the same offsets in two sections are not met.
    return std::hash<std::uint64_t>()(key.container_offset * 0x9E3779B97F4A7C15u ^ key.member_offset);
}

std::size_t ContainerNumbers::number(const ContainerKey& key) {
    const auto past = [](const ContainerKey& a, const ContainerKey& b) {
        return std::tie(a.member_offset, a.container_offset, a.section) > std::tie(b.member_offset, b.container_offset, b.section);
    };
    if (ordered_ && (keys_.empty() || past(key, keys_.back()))) {
        keys_.push_back(key);
        return keys_.size() - 1;
    }
    if (ordered_) {
        ordered_ = false;
        for (std::size_t i = 0; i < keys_.size(); ++i) table_.emplace(keys_[i], i);
        keys_ = {};
    }
    return table_.try_emplace(key, table_.size()).first->second;
}

FileBuild file_build(const binary::Listing& listing) {
    // Each image's container (a standalone .cubin/.ptx is a container of its own), then each
    // image into `judged` or `arch_specific` by whether its container holds an image without
    // 'a'; merging is a union, so the order of the images does not matter.
    ContainerNumbers numbers;
    std::vector<bool> portable;                                // per container, in order of first image
    std::vector<std::pair<const Image*, std::size_t>> placed;  // the images of containers, with theirs
    placed.reserve(listing.images.size());
    std::map<std::uint64_t, ArchList> relocatable;  // by container offset, in file order
    FileBuild build;
    std::size_t current = 0;
    const Image* previous = nullptr;  // the last image placed in container `current`
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
        if (!previous || !same_container(*previous, image)) {
            current = numbers.number(container_key(image));
            if (current == portable.size()) portable.push_back(false);
        }
        previous = &image;
        placed.emplace_back(&image, current);
        if (image.arch.suffix != Suffix::a) portable[current] = true;
    }
    for (auto& [offset, images] : relocatable) build.relocatable.push_back(std::move(images));
    for (const auto& [image, container] : placed) add_image(portable[container] ? build.judged : build.arch_specific, *image);
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
