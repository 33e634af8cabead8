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

// The table's rows, each a Command of its own cmd_*.cpp, iterated as commands.
class CommandTable {
public:
    class Iterator {
    public:
        explicit Iterator(const Command* const* at) : at_(at) {}
        const Command& operator*() const { return **at_; }
        Iterator& operator++() {
            ++at_;
            return *this;
        }
        bool operator!=(const Iterator& other) const { return at_ != other.at_; }

    private:
        const Command* const* at_;
    };

    CommandTable(const Command* const* first, const Command* const* last) : first_(first), last_(last) {}
    [[nodiscard]] Iterator begin() const { return Iterator(first_); }
    [[nodiscard]] Iterator end() const { return Iterator(last_); }

private:
    const Command* const* first_;
    const Command* const* last_;
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
