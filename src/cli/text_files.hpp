// SPDX-License-Identifier: Apache-2.0
// Whole files the commands read (select's --from-file, ctest's resource spec) and write
// (ctest's resource spec), with POSIX calls: a file stream would bring the locale machinery
// that the CLI keeps out (cli/output.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cudaarch::cli {

// The bytes of `path`, or of standard input for "-"; nullopt when it cannot be read.
[[nodiscard]] std::optional<std::string> read_text_file(const std::string& path);

// Replaces `path`'s content with `text` (creating it, mode 0666 less the umask); false when
// any part of it could not be written.
[[nodiscard]] bool write_text_file(const std::string& path, std::string_view text);

}  // namespace cudaarch::cli
