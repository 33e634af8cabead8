// SPDX-License-Identifier: Apache-2.0
// The ELF files of a folder tree, for `cudaarch check DIR`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/result.hpp"

namespace cudaarch {

// Whether `path` names a folder, a symbolic link to one included: an operand that `check` and
// `size` walk rather than read.
[[nodiscard]] bool is_folder(const std::string& path);

// Whether `path` is a regular file that starts with the ELF magic: opened without following a
// final symbolic link and without blocking, so FIFOs and devices are never read.
[[nodiscard]] bool is_elf_file(const std::string& path);

// What a folder walk passes over that is not a symbolic link and not a file without the ELF magic.
struct SkippedFile {
    std::string path;
    std::string why;      // "a FIFO", "a socket", "a character device", or the system's reason
    bool unread = false;  // a file or folder that could not be read: it may hold ELF files
};

// Every ELF file under `folder`, in sorted order, each file once (hard links are one file).
// Symbolic links are never followed, to files or folders: a link inside the tree names a file
// the walk reaches anyway, and one that leaves the tree must not take the walk with it.
// FIFOs, sockets and devices are told by their type, never opened (reading a FIFO waits for
// a writer), and named in `skipped`, as are files and folders that cannot be read.
Result<std::vector<std::string>> folder_elf_files(const std::string& folder, std::vector<SkippedFile>& skipped);

}  // namespace cudaarch
