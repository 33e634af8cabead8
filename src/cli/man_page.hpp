// SPDX-License-Identifier: Apache-2.0
// cudaarch(1) in roff, made from the command table as the help and the completions are, so
// that the installed manual says what `cudaarch <command> --help` says. The build writes it
// with the hidden `cudaarch help --man` (cmake/packaging/install.cmake).
#pragma once

#include <string>

namespace cudaarch::cli {

// The whole page: every command's usage line, description, options and footer.
[[nodiscard]] std::string man_page();

}  // namespace cudaarch::cli
