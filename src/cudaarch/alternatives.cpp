// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/alternatives.hpp"

#include <algorithm>
#include <cstdlib>

#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

// The name with the digits after its first "cuda" taken out, and those digits.
std::pair<std::string, std::string> split_cuda(std::string_view name) {
    const std::size_t at = name.find("cuda");
    if (at == std::string_view::npos) return {};
    std::size_t end = at + 4;
    while (end < name.size() && text::is_digit(name[end])) ++end;
    if (end == at + 4) return {};
    return {std::string(name.substr(0, at + 4)) + "*" + std::string(name.substr(end)), std::string(name.substr(at + 4, end - at - 4))};
}

// "12.6.77" as "126"; empty for a version that is not major.minor....
std::string cuda_digits(std::string_view version) {
    const std::size_t dot = version.find('.');
    if (dot == 0 || dot == std::string_view::npos) return {};
    std::size_t end = dot + 1;
    while (end < version.size() && text::is_digit(version[end])) ++end;
    const std::string major(version.substr(0, dot)), minor(version.substr(dot + 1, end - dot - 1));
    if (minor.empty() || !std::all_of(major.begin(), major.end(), text::is_digit)) return {};
    return major + minor;
}

}  // namespace

std::vector<AlternativeGroup> alternative_groups(const std::vector<std::string>& paths) {
    std::vector<std::pair<std::string, AlternativeGroup>> keyed;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const std::size_t slash = paths[i].rfind('/');
        const std::string folder = slash == std::string::npos ? "" : paths[i].substr(0, slash + 1);
        // Not a structured binding: C++17 lets no lambda capture one (clang refuses it).
        const auto split = split_cuda(std::string_view(paths[i]).substr(folder.size()));
        if (split.first.empty()) continue;
        const std::string key = folder + split.first;
        const auto& cuda = split.second;
        auto it = std::find_if(keyed.begin(), keyed.end(), [&](const auto& k) { return k.first == key; });
        if (it == keyed.end()) it = keyed.insert(keyed.end(), {key, {}});
        it->second.members.push_back(i);
        it->second.cuda.push_back(cuda);
    }
    std::vector<AlternativeGroup> groups;
    for (auto& [key, group] : keyed)
        if (group.members.size() > 1) groups.push_back(std::move(group));
    return groups;
}

std::string selected_cuda(const PythonEnvironment& env, const char* variable, std::string& why) {
    if (variable) {
        if (const char* value = std::getenv(variable); value && *value) {
            why = std::string(variable) + "=" + value;
            return value;
        }
    }
    for (const std::string_view name : {"torch", "nvidia-cuda-runtime-cu12", "nvidia-cuda-runtime-cu13", "nvidia-cuda-runtime"}) {
        for (const Distribution& d : env.distributions) {
            if (!text::iequals(d.name, name)) continue;
            std::string digits;
            if (name == "torch") {
                const std::size_t cu = d.version.find("+cu");
                if (cu != std::string::npos) digits = d.version.substr(cu + 3);
                if (!std::all_of(digits.begin(), digits.end(), text::is_digit)) digits.clear();
            } else {
                digits = cuda_digits(d.version);
            }
            if (digits.empty()) continue;
            why = d.name + " " + d.version;
            return digits;
        }
    }
    return {};
}

const char* alternative_variable(std::string_view distribution) {
    return text::iequals(distribution, "bitsandbytes") ? "BNB_CUDA_VERSION" : nullptr;
}

}  // namespace cudaarch
