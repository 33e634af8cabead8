// SPDX-License-Identifier: Apache-2.0
#include "cli/output.hpp"

#include <unistd.h>

#include <cerrno>

#include "cudaarch/text.hpp"

namespace cudaarch::cli {

Output::Output(int fd, Buffering buffering, Output* flushed_first, Controls controls)
    : fd_(fd), buffering_(buffering), flushed_first_(flushed_first), controls_(controls) {
    buffer_.reserve(buffering == Buffering::blocks ? kBlock + 4096 : 256);
}

void Output::append_escaped(std::string_view text) { buffer_.append(cudaarch::text::escape(text, true)); }

bool Output::flush() {
    if (fd_ < 0) return true;
    if (buffer_.empty()) return error_ == 0;
    if (flushed_first_) flushed_first_->flush();
    // write(2) may take less than it is given (a pipe, a signal); the rest follows.
    for (std::size_t written = 0; error_ == 0 && written < buffer_.size();) {
        const ssize_t n = ::write(fd_, buffer_.data() + written, buffer_.size() - written);
        if (n > 0) written += static_cast<std::size_t>(n);
        else if (n < 0 && errno != EINTR) error_ = errno;
        else if (n == 0) error_ = EIO;  // no progress and no reason: never spin
    }
    flushed_ += buffer_.size();
    buffer_.clear();
    return error_ == 0;
}

}  // namespace cudaarch::cli
