// SPDX-License-Identifier: Apache-2.0
// Whole files the commands write (ctest's resource spec), with POSIX calls: a file stream would
// bring the locale machinery that the CLI keeps out (cli/output.hpp). They read theirs with
// binary::read_text_file, bounded.
#pragma once

#include <string>
#include <string_view>

namespace cudaarch::cli {

// Replaces `path`'s content with `text` (creating it, mode 0666 less the umask); false when
// any part of it could not be written.
[[nodiscard]] bool write_text_file(const std::string& path, std::string_view text);

}  // namespace cudaarch::cli
