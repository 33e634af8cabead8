// SPDX-License-Identifier: Apache-2.0
#include "cli/text_files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "cli/output.hpp"

namespace cudaarch::cli {

std::optional<std::string> read_text_file(const std::string& path) {
    const bool standard_input = path == "-";
    const int fd = standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    std::string text;
    char block[16 << 10];
    ssize_t n;
    while ((n = ::read(fd, block, sizeof block)) != 0) {
        if (n > 0) text.append(block, static_cast<std::size_t>(n));
        else if (errno != EINTR) break;
    }
    if (!standard_input) ::close(fd);
    if (n < 0) return std::nullopt;
    return text;
}

bool write_text_file(const std::string& path, std::string_view text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return false;
    bool written = false;
    {
        Output file(fd);
        file << text;
        written = file.flush();
    }
    return ::close(fd) == 0 && written;
}

}  // namespace cudaarch::cli
