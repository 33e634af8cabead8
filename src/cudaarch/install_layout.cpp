// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/install_layout.hpp"

#include <climits>

#include <unistd.h>

namespace cudaarch {

namespace {

std::string parent(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

std::optional<std::string> executable_folder() {
    char self[PATH_MAX];
    const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) return std::nullopt;
    return parent(std::string(self, static_cast<std::size_t>(length)));
}

std::string folder_from(std::string folder, std::string_view relative) {
    while (relative.substr(0, 2) == "..") {
        folder = parent(folder);
        relative.remove_prefix(relative.size() > 2 && relative[2] == '/' ? 3 : 2);
    }
    if (relative.empty() || relative == ".") return folder;
    return folder + (folder == "/" ? "" : "/") + std::string(relative);
}

}  // namespace cudaarch
