// SPDX-License-Identifier: Apache-2.0
// The tool's one command table: the top-level help, `help <command>`, the dispatch, "did you
// mean" and the completion scripts are all made from it, so a new command is one row.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "cli/options.hpp"
#include "cli/output.hpp"

namespace cudaarch::cli {

struct Command {
    const CommandSyntax* syntax;
    int (*run)(const Args& args, Output& out, Output& err);
    std::string_view summary;  // its line in the top-level help and in the zsh and fish menus
};

struct CommandTable {
    const Command* first;
    const Command* last;
    [[nodiscard]] const Command* begin() const { return first; }
    [[nodiscard]] const Command* end() const { return last; }
};

// Every command, in the order the top-level help lists them.
[[nodiscard]] CommandTable commands();

// The command called `name`, or null.
[[nodiscard]] const Command* find_command(std::string_view name);

// The top-level help: the usage line and every command with its summary, in aligned columns.
[[nodiscard]] std::string top_level_usage();

// The known word nearest to `word` (within two edits, or one it abbreviates), or empty: a
// command's name for a mistyped command, '--help' or '--version' for a mistyped option.
[[nodiscard]] std::string_view nearest_top_level_word(std::string_view word);

}  // namespace cudaarch::cli
