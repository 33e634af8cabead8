// Option parsing shared by the subcommands.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "cli/commands.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::cli {

// The value of NAME=VALUE or NAME VALUE at args[i]; advances i past what it used.
inline bool option_value(const Args& args, std::size_t& i, std::string_view name, std::string_view& value) {
    const std::string_view arg = args[i];
    if (arg.size() > name.size() && arg.substr(0, name.size()) == name && arg[name.size()] == '=') {
        value = arg.substr(name.size() + 1);
        return true;
    }
    if (arg != name) return false;
    value = i + 1 < args.size() ? args[++i] : std::string_view();
    return true;
}

// Prints "cudaarch: error: ..." and returns the usage/input error code.
inline int fail(std::ostream& err, const Error& error) {
    err << "cudaarch: error: " << error.message << "\n";
    return 2;
}

}  // namespace cudaarch::cli
