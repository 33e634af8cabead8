// A binary's images as build lists, for `cudaarch check` (runs_on per GPU) and
// `cudaarch verify` (the images against the architectures a build asked for).
#pragma once

#include <string>
#include <vector>

#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/database.hpp"
#include "cudaarch/notation.hpp"

namespace cudaarch {

struct FileBuild {
    // What `check` judges the file by: the SASS and PTX images of every fatbin container (or
    // standalone .cubin/.ptx) that holds an image without the 'a' suffix. A container of
    // 'a' images only is code for those exact capabilities, which a program must pick at
    // run time (a Hopper-only kernel beside portable ones), so it is left out of the
    // judgement, unless the file has nothing else.
    ArchList judged;
    ArchList arch_specific;  // the images of the containers left out
};
[[nodiscard]] FileBuild file_build(const binary::Listing& listing);

// Every SASS and PTX image of the file, whatever its container; LTO-IR is left out.
[[nodiscard]] ArchList all_images(const binary::Listing& listing);

// The newest PTX ISA of the file's PTX images of `arch`; empty if it has none.
[[nodiscard]] Version newest_ptx_isa(const binary::Listing& listing, const Arch& arch);

// The images `expected` has and `found` lacks (missing) and the reverse (extra), as image
// names in sorted order: sm_90, compute_90a. Suffixes count: sm_90a is not sm_90.
struct ImageDiff {
    std::vector<std::string> missing;
    std::vector<std::string> extra;
};
[[nodiscard]] ImageDiff diff_images(const ArchList& expected, const ArchList& found);

// "sm_80 compute_80 sm_90a": the list's images in order, or "-" when empty.
[[nodiscard]] std::string image_names(const ArchList& list);

}  // namespace cudaarch
