// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/folder_files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <utility>

namespace cudaarch {

namespace {

// Reads the ELF magic through an open descriptor of a regular file.
bool starts_with_elf(int fd) {
    char magic[4];
    ssize_t got;
    do got = ::pread(fd, magic, sizeof magic, 0);
    while (got < 0 && errno == EINTR);
    return got == 4 && std::memcmp(magic, "\x7f" "ELF", 4) == 0;
}

// What a file of a type that is not a regular file or a folder is: the note's words.
const char* special_type(mode_t mode) {
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    return nullptr;
}

struct Walk {
    std::set<std::pair<dev_t, ino_t>> seen;
    std::vector<std::string> files;
    std::vector<SkippedFile>& skipped;

    void folder(int dir_fd, const std::string& path) {
        DIR* dir = fdopendir(dir_fd);
        if (!dir) {
            ::close(dir_fd);
            skipped.push_back({path, std::strerror(errno), true});
            return;
        }
        std::vector<std::pair<std::string, unsigned char>> names;  // with the entry's type, where the folder says it
        while (const dirent* entry = readdir(dir)) {
            const std::string name = entry->d_name;
            if (name != "." && name != "..") names.emplace_back(name, entry->d_type);
        }
        std::sort(names.begin(), names.end());
        for (const auto& [name, entry_type] : names) {
            const std::string child = path + "/" + name;
            // Its type first, without following a link or opening it: a FIFO is never opened.
            // The folder's entry says it on most file systems, else fstatat().
            struct stat type {};
            type.st_mode = DTTOIF(entry_type);
            if (entry_type == DT_UNKNOWN && ::fstatat(dirfd(dir), name.c_str(), &type, AT_SYMLINK_NOFOLLOW) != 0) {
                if (errno != ENOENT) skipped.push_back({child, std::strerror(errno), true});  // ENOENT: gone since
                continue;
            }
            if (S_ISLNK(type.st_mode)) continue;
            if (const char* special = special_type(type.st_mode)) {
                skipped.push_back({child, special, false});
                continue;
            }
            // O_NOFOLLOW: a file replaced by a symbolic link since fails to open, so the walk never leaves through one.
            const int fd = ::openat(dirfd(dir), name.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
            if (fd < 0) {
                if (errno != ENOENT && errno != ELOOP) skipped.push_back({child, std::strerror(errno), true});
                continue;
            }
            struct stat status {};
            if (::fstat(fd, &status) != 0 || !seen.insert({status.st_dev, status.st_ino}).second) {
                ::close(fd);
                continue;
            }
            if (S_ISDIR(status.st_mode)) {
                folder(fd, child);  // takes fd
                continue;
            }
            if (S_ISREG(status.st_mode) && starts_with_elf(fd)) files.push_back(child);
            ::close(fd);
        }
        closedir(dir);
    }
};

}  // namespace

bool is_folder(const std::string& path) {
    struct stat status {};
    return ::stat(path.c_str(), &status) == 0 && S_ISDIR(status.st_mode);
}

bool is_elf_file(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return false;
    struct stat status {};
    const bool elf = ::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) && starts_with_elf(fd);
    ::close(fd);
    return elf;
}

Result<std::vector<std::string>> folder_elf_files(const std::string& folder, std::vector<SkippedFile>& skipped) {
    const int fd = ::open(folder.c_str(), O_RDONLY | O_CLOEXEC | O_DIRECTORY);
    if (fd < 0) return Error{folder + ": " + std::strerror(errno)};
    std::string root = folder;
    while (root.size() > 1 && root.back() == '/') root.pop_back();
    Walk walk{{}, {}, skipped};
    struct stat status {};
    if (::fstat(fd, &status) == 0) walk.seen.insert({status.st_dev, status.st_ino});
    walk.folder(fd, root);
    return std::move(walk.files);
}

}  // namespace cudaarch
