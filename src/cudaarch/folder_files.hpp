// SPDX-License-Identifier: Apache-2.0
// The ELF files of a folder tree, for `cudaarch check DIR`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/result.hpp"

namespace cudaarch {

// Whether `path` is a regular file that starts with the ELF magic: opened without following a
// final symbolic link and without blocking, so FIFOs and devices are never read.
[[nodiscard]] bool is_elf_file(const std::string& path);

// Every ELF file under `folder`, in sorted order, each file once (hard links are one file).
// Symbolic links are never followed, to files or folders: a link inside the tree names a file
// the walk reaches anyway, and one that leaves the tree must not take the walk with it.
// Folders that cannot be read are named in `skipped`.
Result<std::vector<std::string>> folder_elf_files(const std::string& folder,
                                                                std::vector<std::string>& skipped);

}  // namespace cudaarch
