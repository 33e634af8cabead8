// SPDX-License-Identifier: Apache-2.0
// The architecture database: compute capabilities, toolkits and products. The tables
// are generated at build time from cmake/data/cuda-architectures.txt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/arch.hpp"

namespace cudaarch {

// A CUDA release or driver-style version; {0, 0} means "none".
struct Version {
    int major = 0;
    int minor = 0;

    [[nodiscard]] bool empty() const { return major == 0 && minor == 0; }
    [[nodiscard]] std::string str() const;  // "12.9"
    friend bool operator<(Version l, Version r) {
        return l.major != r.major ? l.major < r.major : l.minor < r.minor;
    }
    friend bool operator==(Version l, Version r) { return l.major == r.major && l.minor == r.minor; }
    friend bool operator<=(Version l, Version r) { return !(r < l); }
};

struct CcRecord {
    int major;
    int minor;
    std::string_view family;
    Version first_cuda;
    Version last_cuda;  // empty: still supported by the newest release
    bool tegra;
    Version a_since;  // empty: no 'a' variant
    Version f_since;  // empty: no 'f' variant
    int renamed_major;  // 0: never renamed
    int renamed_minor;
    Version renamed_in;
};

struct ProductRecord {
    std::string_view key;   // normalized name (see normalize_name)
    std::string_view name;  // as the vendor writes it
    int major;
    int minor;
};

struct ToolkitRecord {
    Version release;
    Version ptx_isa;
    std::string_view min_driver;  // empty when the toolkit bundles none
    int default_arch;            // e.g. 75 for CUDA 13.0
};

// A named architecture of TORCH_CUDA_ARCH_LIST (PyTorch's cpp_extension): "Ampere" is
// "8.0 8.6+PTX", items in the TORCH dialect.
struct TorchNameRecord {
    std::string_view name;  // exact case, as PyTorch matches it
    std::string_view items;
};

// Where the default nvcc is found (nvcc|<source>|<how> rows, CMake's CUDA compiler search order).
struct NvccRule {
    enum class How { Compiler, Search, Fallback };
    std::string_view source;  // CMAKE_CUDA_COMPILER, an environment variable or PATH
    How how;
};

// An NVIDIA chip as pci.ids names it (GH100), and its compute capability.
struct ChipRecord {
    std::string_view code;
    int major;
    int minor;
};

// A display or 3D controller 10de:<device> and the chip it is built on.
struct PciRecord {
    std::uint16_t device;
    std::string_view chip;
};

// A prebuilt Python package's CUDA build (package-build rows): torch's cu128 wheels.
struct PackageBuildRecord {
    std::string_view distribution;  // as METADATA names it: torch
    std::string_view build;         // the version's local part: cu128
    std::string_view items;         // what it holds, in the TORCH dialect: "7.0 7.5 12.0+PTX"
    std::string_view index;         // the package index that serves it
};

// Lower case without spaces, '-', '_' and tabs: the form GPU names are matched in.
[[nodiscard]] std::string normalize_name(std::string_view name);

// Read-only views of the generated tables.
class Database {
public:
    [[nodiscard]] static const std::vector<CcRecord>& ccs();  // ascending
    [[nodiscard]] static const std::vector<ProductRecord>& products();  // sorted by key
    [[nodiscard]] static const std::vector<ToolkitRecord>& toolkits();  // ascending
    [[nodiscard]] static const TorchNameRecord* find_torch_name(std::string_view name);  // exact case
    // Whether PyTorch's cpp_extension accepts the item "M.m[a]" (torch-arch record), exact case.
    [[nodiscard]] static bool is_torch_arch(std::string_view item);

    [[nodiscard]] static const CcRecord* find_cc(int major, int minor);
    // A name as a user or a tool writes it: "T4", "tesla-t4", "NVIDIA GeForce RTX 3090",
    // "NVIDIA A100-SXM4-80GB" (its name extras are taken off its end until a product is left).
    [[nodiscard]] static const ProductRecord* find_product(std::string_view name);
    // <name> less the name extras at its end ("NVIDIA H900 80GB HBM3" is "NVIDIA H900"), in
    // the lower-case words the extras are matched in.
    [[nodiscard]] static std::string strip_name_extras(std::string_view name);
    // The products whose name holds every word of <name> (less its name extras and vendor
    // words; words as name extras part them) and the fewest other words, by name: "Jetson Thor"
    // is Jetson AGX Thor, "AGX Orin" DRIVE AGX Orin and Jetson AGX Orin. None for no word.
    [[nodiscard]] static std::vector<const ProductRecord*> products_with_words(std::string_view name);
    [[nodiscard]] static const std::vector<ChipRecord>& chips();  // sorted by code
    // The chip of NVIDIA device 10de:<device>, or nullptr when the table does not know it.
    [[nodiscard]] static const ChipRecord* find_pci_device(std::uint16_t device);
    [[nodiscard]] static bool has_suffix(const CcRecord& cc, Suffix s);
    // The most space-separated words a product's name takes with its extras, less a leading
    // vendor word.
    [[nodiscard]] static int max_product_words();
    [[nodiscard]] static const std::vector<NvccRule>& nvcc_rules();  // in order
    // Folders searched for libcuda.so.1 and libcudart.so after LD_LIBRARY_PATH and ldconfig.
    [[nodiscard]] static const std::vector<std::string_view>& library_dirs();
    // "Accepted: 7.5, …": the notations an unknown word's error lists.
    [[nodiscard]] static std::string_view accepted();
    // The builds of `distribution` (compared as normalize_name compares), in the data file's order.
    [[nodiscard]] static std::vector<const PackageBuildRecord*> package_builds(std::string_view distribution);
};

}  // namespace cudaarch
