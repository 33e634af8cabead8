// SPDX-License-Identifier: Apache-2.0
// A binary's images as build lists, for `cudaarch check` and `doctor` (runs_on per GPU) and
// `cudaarch verify` (the images against the architectures a build asked for).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/compat.hpp"
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
    // An -rdc executable or shared library (binary::Listing::linked): `judged` holds what the
    // runtime loads as it is, and these the relocatable images it links at load time, per
    // translation unit, and libcudadevrt's. In objects and archives relocatable images are
    // judged like the others: a device link makes linked images of them.
    std::vector<ArchList> relocatable;
    ArchList device_runtime;

    [[nodiscard]] ProgramBuild program() const { return {judged, relocatable, device_runtime}; }
    // What the code was compiled for, the base of a fix: in an -rdc program its relocatable
    // images (its device link may hold only nvcc's default sm_75), else `judged`.
    [[nodiscard]] ArchList compiled() const;
};
[[nodiscard]] FileBuild file_build(const binary::Listing& listing);

// Whether a GPU can load the image as it is: SASS, or PTX the driver JIT-compiles; not LTO-IR,
// which a link must turn into one of those first.
[[nodiscard]] inline bool runnable(const binary::Image& image) {
    return image.kind == binary::ImageKind::sass || image.kind == binary::ImageKind::ptx;
}

// Whether two images are in one container (fatbin, or standalone .cubin/.ptx): the same
// archive member, section and container offset.
[[nodiscard]] bool same_container(const binary::Image& a, const binary::Image& b);

// An image's container as same_container() tells containers apart: `section` views the image's.
struct ContainerKey {
    std::uint64_t member_offset = 0;
    std::uint64_t container_offset = 0;
    std::string_view section;

    friend bool operator==(const ContainerKey& a, const ContainerKey& b) {
        return a.container_offset == b.container_offset && a.member_offset == b.member_offset && a.section == b.section;
    }
};
[[nodiscard]] ContainerKey container_key(const binary::Image& image);

// Numbers containers in the order they are first met. A listing's images come container by
// container, so a container is looked up once, at its first image, and in file order each
// key is past the one before, which needs no table: only once a key is not is every key met
// put in a hash table (cuFFT has 11,000 containers).
class ContainerNumbers {
public:
    // The container's number: the count of those met before, the first time it is met.
    std::size_t number(const ContainerKey& key);

private:
    struct Hash {
        std::size_t operator()(const ContainerKey& key) const;
    };
    std::vector<ContainerKey> keys_;  // by number, while each is past the one before
    std::unordered_map<ContainerKey, std::size_t, Hash> table_;
    bool ordered_ = true;
};

// Every SASS and PTX image of the file, whatever its container; LTO-IR is left out. In a
// linked -rdc program, only what runs without a load-time link of relocatable cubins: the
// linked images and the program's relocatable PTX (a device link keeps no PTX), not
// libcudadevrt's images.
[[nodiscard]] ArchList all_images(const binary::Listing& listing);

// The SASS images of a linked -rdc program that only its relocatable code has: the runtime
// links them at every start, because the device link did not make them.
[[nodiscard]] ArchList relocatable_only_sass(const binary::Listing& listing);

// The newest PTX ISA of the file's PTX images of `arch`; empty if it has none.
[[nodiscard]] Version newest_ptx_isa(const binary::Listing& listing, const Arch& arch);

// The images `expected` has and `found` lacks (missing) and the reverse (extra), as image
// names in sorted order: sm_90, compute_90a. Suffixes count: sm_90a is not sm_90.
struct ImageDiff {
    std::vector<std::string> missing;
    std::vector<std::string> extra;
};
[[nodiscard]] ImageDiff diff_images(const ArchList& expected, const ArchList& found);

// The list's images in order, SASS before PTX of each architecture: sm_80 compute_80 sm_90a.
[[nodiscard]] std::vector<std::string> image_name_list(const ArchList& list);

// "sm_80 compute_80 sm_90a": the list's images in order, or "-" when empty.
[[nodiscard]] std::string image_names(const ArchList& list);

}  // namespace cudaarch
