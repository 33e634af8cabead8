// SPDX-License-Identifier: Apache-2.0
#include "cli/text_files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include "cli/output.hpp"

namespace cudaarch::cli {

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
