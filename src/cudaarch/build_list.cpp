#include "cudaarch/build_list.hpp"

namespace cudaarch {

ArchList build_list(const binary::Listing& listing) {
    ArchList list;
    for (const binary::Image& image : listing.images) {
        if (image.kind != binary::ImageKind::sass && image.kind != binary::ImageKind::ptx) continue;
        // Entries carry no "built from", so merging cannot fail.
        (void)merge_entry(list, Entry{image.arch, image.kind == binary::ImageKind::sass, image.kind == binary::ImageKind::ptx, {}, {}});
    }
    return list;
}

}  // namespace cudaarch
