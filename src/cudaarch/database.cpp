// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/database.hpp"

#include <algorithm>

#include "cudaarch/database_tables.hpp"
#include "cudaarch/text.hpp"

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
std::string_view Database::accepted() { return tables::accepted; }

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

// The record of normalized <key>, or of <key> less its leading vendor words ("nvidiateslat4"
// is "teslat4").
static const ProductRecord* find_key_or_unbranded(std::string_view key) {
    for (;;) {
        if (const ProductRecord* found = find_key(key)) return found;
        const auto vendor = std::find_if(tables::name_vendors.begin(), tables::name_vendors.end(),
                                         [&](std::string_view v) { return key.size() > v.size() && key.substr(0, v.size()) == v; });
        if (vendor == tables::name_vendors.end()) return nullptr;
        key.remove_prefix(vendor->size());
    }
}

// The words of a name as the name extras see them: lower case, parted at white space, '-'
// and '_'.
static std::vector<std::string> name_words(std::string_view name) {
    std::vector<std::string> words;
    bool gap = true;
    for (char c : name) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '-' || c == '_') {
            gap = true;
            continue;
        }
        if (gap) words.emplace_back();
        gap = false;
        words.back() += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return words;
}

// Whether <word> is <pattern>, where a '#' in the pattern stands for one or more digits.
static bool matches_extra_word(std::string_view word, std::string_view pattern) {
    const std::size_t hash = pattern.find('#');
    if (hash == std::string_view::npos) return word == pattern;
    const std::string_view head = pattern.substr(0, hash);
    const std::string_view tail = pattern.substr(hash + 1);
    if (word.size() < head.size() + tail.size() + 1 || word.substr(0, head.size()) != head ||
        word.substr(word.size() - tail.size()) != tail) {
        return false;
    }
    const std::string_view digits = word.substr(head.size(), word.size() - head.size() - tail.size());
    return std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// How many of the first <n> words the longest name extra ending them takes, with a word left
// before it; 0 when none does.
static std::size_t extra_at_end(const std::vector<std::string>& words, std::size_t n) {
    std::size_t best = 0;
    std::size_t best_length = 0;
    for (std::string_view extra : tables::name_extras) {
        std::vector<std::string_view> parts;
        for (std::size_t start = 0; start <= extra.size();) {
            const std::size_t end = std::min(extra.find(' ', start), extra.size());
            parts.push_back(extra.substr(start, end - start));
            start = end + 1;
        }
        if (parts.size() >= n || extra.size() <= best_length) continue;
        bool all = true;
        for (std::size_t k = 0; k < parts.size() && all; ++k) {
            all = matches_extra_word(words[n - parts.size() + k], parts[k]);
        }
        if (all) {
            best = parts.size();
            best_length = extra.size();
        }
    }
    return best;
}

std::string Database::strip_name_extras(std::string_view name) {
    const std::vector<std::string> words = name_words(name);
    std::size_t n = words.size();
    for (std::size_t k = extra_at_end(words, n); k > 0; k = extra_at_end(words, n)) n -= k;
    return text::join(std::vector<std::string>(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(n)), " ");
}

std::vector<const ProductRecord*> Database::products_with_words(std::string_view name) {
    const auto unbranded = [](std::vector<std::string> words) {
        words.erase(std::remove_if(words.begin(), words.end(),
                                   [](const std::string& w) {
                                       return std::find(tables::name_vendors.begin(), tables::name_vendors.end(), w) !=
                                              tables::name_vendors.end();
                                   }),
                    words.end());
        return words;
    };
    const auto holds = [](const std::vector<std::string>& words, const std::string& w) {
        return std::find(words.begin(), words.end(), w) != words.end();
    };
    const std::vector<std::string> wanted = unbranded(name_words(strip_name_extras(name)));
    if (wanted.empty()) return {};
    std::vector<std::pair<std::ptrdiff_t, const ProductRecord*>> found;  // (other words, product)
    for (const ProductRecord& p : tables::products) {
        const std::vector<std::string> words = unbranded(name_words(p.name));
        if (!std::all_of(wanted.begin(), wanted.end(), [&](const std::string& w) { return holds(words, w); })) continue;
        found.emplace_back(std::count_if(words.begin(), words.end(), [&](const std::string& w) { return !holds(wanted, w); }), &p);
    }
    std::sort(found.begin(), found.end(), [](const auto& l, const auto& r) {
        return l.first != r.first ? l.first < r.first : l.second->name < r.second->name;
    });
    std::vector<const ProductRecord*> closest;  // a name once, though several keys lead to it
    for (const auto& [other, p] : found) {
        if (other == found.front().first && (closest.empty() || closest.back()->name != p->name)) closest.push_back(p);
    }
    return closest;
}

const ProductRecord* Database::find_product(std::string_view name) {
    const std::vector<std::string> words = name_words(name);
    for (std::size_t n = words.size(); n > 0;) {
        std::string key;
        for (std::size_t k = 0; k < n; ++k) key += words[k];
        if (const ProductRecord* found = find_key_or_unbranded(key)) return found;
        const std::size_t extra = extra_at_end(words, n);
        if (extra == 0) return nullptr;
        n -= extra;
    }
    return nullptr;
}

const std::vector<ChipRecord>& Database::chips() { return tables::chips; }

const ChipRecord* Database::find_pci_device(std::uint16_t device) {
    const auto& devices = tables::pci_devices;
    auto it = std::lower_bound(devices.begin(), devices.end(), device,
                               [](const PciRecord& p, std::uint16_t d) { return p.device < d; });
    if (it == devices.end() || it->device != device) return nullptr;
    const auto& chips = tables::chips;
    auto chip = std::lower_bound(chips.begin(), chips.end(), it->chip,
                                 [](const ChipRecord& c, std::string_view code) { return c.code < code; });
    return chip != chips.end() && chip->code == it->chip ? &*chip : nullptr;
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
