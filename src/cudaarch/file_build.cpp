#include "cudaarch/file_build.hpp"

#include <map>
#include <tuple>

#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

using binary::Image;
using binary::ImageKind;

bool runnable(const Image& image) { return image.kind == ImageKind::sass || image.kind == ImageKind::ptx; }

void add_image(ArchList& list, const Image& image) {
    // Never fails: only a "built from" can conflict, and images carry none.
    static_cast<void>(merge_entry(list, Entry{image.arch, image.kind == ImageKind::sass,
                                              image.kind == ImageKind::ptx, std::nullopt, {}}));
}

void merge_list(ArchList& into, const ArchList& list) {
    for (const Entry& entry : list) static_cast<void>(merge_entry(into, entry));
}

// sm_90 and compute_90 of one entry, as separate names.
std::vector<std::string> names(const ArchList& list) {
    std::vector<std::string> out;
    for (const Entry& e : list) {
        if (e.sass) out.push_back(e.arch.sm());
        if (e.ptx) out.push_back(e.arch.compute());
    }
    return out;
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

FileBuild file_build(const binary::Listing& listing) {
    struct Container {
        ArchList images;
        bool portable = false;  // holds an image without 'a'
    };
    // Images are listed container by container; a standalone .cubin/.ptx is a container of its own.
    std::map<std::tuple<std::uint64_t, std::string, std::uint64_t>, Container> containers;
    for (const Image& image : listing.images) {
        if (!runnable(image)) continue;
        Container& c = containers[{image.member_offset, image.section, image.container_offset}];
        add_image(c.images, image);
        c.portable = c.portable || image.arch.suffix != Suffix::a;
    }
    FileBuild build;
    for (const auto& [key, c] : containers) merge_list(c.portable ? build.judged : build.arch_specific, c.images);
    if (build.judged.empty()) std::swap(build.judged, build.arch_specific);
    return build;
}

ArchList all_images(const binary::Listing& listing) {
    ArchList list;
    for (const Image& image : listing.images) {
        if (runnable(image)) add_image(list, image);
    }
    return list;
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
    return {names(minus(expected, found)), names(minus(found, expected))};
}

std::string image_names(const ArchList& list) {
    const std::vector<std::string> all = names(list);
    return all.empty() ? "-" : text::join(all, " ");
}

}  // namespace cudaarch
