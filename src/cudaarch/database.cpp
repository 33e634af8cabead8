// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/database.hpp"

#include <algorithm>

#include "cudaarch/database_tables.hpp"

namespace cudaarch {

std::string Version::str() const { return std::to_string(major) + '.' + std::to_string(minor); }

std::string normalize_name(std::string_view name) {
    std::string key;
    key.reserve(name.size());
    for (char c : name) {
        if (c == ' ' || c == '\t' || c == '-' || c == '_') continue;
        key += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return key;
}

const std::vector<CcRecord>& Database::ccs() { return tables::ccs; }
const std::vector<ProductRecord>& Database::products() { return tables::products; }
const std::vector<ToolkitRecord>& Database::toolkits() { return tables::toolkits; }
int Database::max_product_words() { return tables::max_product_words; }
const std::vector<NvccRule>& Database::nvcc_rules() { return tables::nvcc_rules; }
const std::vector<std::string_view>& Database::library_dirs() { return tables::library_dirs; }

std::vector<const PackageBuildRecord*> Database::package_builds(std::string_view distribution) {
    std::vector<const PackageBuildRecord*> builds;
    const std::string key = normalize_name(distribution);
    for (const PackageBuildRecord& b : tables::package_builds) {
        if (normalize_name(b.distribution) == key) builds.push_back(&b);
    }
    return builds;
}

const TorchNameRecord* Database::find_torch_name(std::string_view name) {
    for (const TorchNameRecord& t : tables::torch_names) {
        if (t.name == name) return &t;
    }
    return nullptr;
}

bool Database::is_torch_arch(std::string_view item) {
    for (std::size_t start = 0; start < tables::torch_arches.size();) {
        const std::size_t end = std::min(tables::torch_arches.find(' ', start), tables::torch_arches.size());
        if (tables::torch_arches.substr(start, end - start) == item) return true;
        start = end + 1;
    }
    return false;
}

const CcRecord* Database::find_cc(int major, int minor) {
    for (const CcRecord& cc : tables::ccs) {
        if (cc.major == major && cc.minor == minor) return &cc;
    }
    return nullptr;
}

static const ProductRecord* find_key(std::string_view key) {
    const auto& products = tables::products;
    auto it = std::lower_bound(products.begin(), products.end(), key,
                               [](const ProductRecord& p, std::string_view k) { return p.key < k; });
    return it != products.end() && it->key == key ? &*it : nullptr;
}

const ProductRecord* Database::find_product(std::string_view name) {
    const std::string key = normalize_name(name);
    if (const ProductRecord* found = find_key(key)) return found;
    // Driver names carry a leading "NVIDIA" that the table may not ("NVIDIA GeForce RTX 3090").
    constexpr std::string_view vendor = "nvidia";
    if (key.size() > vendor.size() && key.compare(0, vendor.size(), vendor) == 0) {
        return find_key(std::string_view(key).substr(vendor.size()));
    }
    return nullptr;
}

bool Database::has_suffix(const CcRecord& cc, Suffix s) {
    switch (s) {
        case Suffix::none: return true;
        case Suffix::a: return !cc.a_since.empty();
        case Suffix::f: return !cc.f_since.empty();
    }
    return false;
}

}  // namespace cudaarch
