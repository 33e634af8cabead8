// Subcommands of the cudaarch CLI. Each returns the process exit code:
// 0 ok, 1 something cannot run / was not found, 2 usage or read errors.
#pragma once

#include <ostream>
#include <string_view>
#include <vector>

namespace cudaarch::cli {

int run_inspect(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);

}  // namespace cudaarch::cli
