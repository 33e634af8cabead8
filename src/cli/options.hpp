// SPDX-License-Identifier: Apache-2.0
// The one option parser of every command. Each command describes itself in a CommandSyntax: its
// options, what else it takes, and its help text. The same table drives parsing, the usage line,
// --help, and anything else generated from a command's options (completions, docs).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/output.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::cli {

using Args = std::vector<std::string_view>;  // a command's arguments, after its name

// One option: `--name` (a flag) or `--name VALUE` / `--name=VALUE`.
struct Option {
    std::string_view name;         // "--from"
    std::string_view value;        // the value's placeholder in help ("DIALECT"); empty for a flag
    std::string_view help;         // for --help; '\n' starts a continuation line
    bool repeatable = false;       // may be given more than once; its values accumulate
    bool default_nvcc = false;     // help ends with where the nvcc is found when none is named
};

// --nvcc PATH: `purpose` ("the compiler to ask"), then the search order from the data file.
constexpr Option nvcc_option(std::string_view purpose) { return {"--nvcc", "PATH", purpose, false, true}; }

// What a command takes besides its options.
enum class Operands {
    none,              // nothing
    words,             // any words (files, spec items); '--' ends the options
    after_double_dash,  // only what follows '--' (a command line to run)
    passthrough         // another program's arguments: from the first word that is not one of
                        // the command's options (or after '--') on, everything
};

// --json, the same for every command: one JSON document on stdout instead of the text, with
// "schema": "cudaarch.<command>/1" (docs/cli/json.md).
inline constexpr Option kJsonOption{"--json", "", "print one JSON document instead of text (schema: docs/cli/json.md)"};

struct CommandSyntax {
    std::string_view name;         // "convert"
    std::string_view operands;     // for the usage line: "SPEC...", "FILE...", "-- COMMAND [ARG...]"
    std::string_view description;  // --help's text after the usage line
    std::string_view footer;       // --help's text after the options (exit status, examples)
    const Option* options = nullptr;
    std::size_t option_count = 0;
    Operands operand_kind = Operands::words;
    // Words that start with '-' yet are operands, such as nvcc's -gencode in a SPEC; null: none.
    bool (*dashed_operand)(std::string_view word) = nullptr;

    [[nodiscard]] const Option* begin() const { return options; }
    [[nodiscard]] const Option* end() const { return options + option_count; }
};

// A parsed command line: the options given, in order, and the operands.
class CommandLine {
public:
    bool help = false;
    std::vector<std::string_view> operands;

    [[nodiscard]] bool has(std::string_view option) const;
    // The value of a non-repeatable option, if given.
    [[nodiscard]] std::optional<std::string_view> value(std::string_view option) const;
    // Every value of a repeatable option, in order.
    [[nodiscard]] std::vector<std::string_view> values(std::string_view option) const;

    void add(std::string_view option, std::string_view value) { given_.emplace_back(option, value); }

private:
    std::vector<std::pair<std::string_view, std::string_view>> given_;
};

// Sets `into` to the value of `option` as `parse` reads it (parse_format, parse_policy, ...) when
// the option is given, leaving its default otherwise; `parse`'s error when the value is bad.
template <class T, class Parse>
[[nodiscard]] std::optional<Error> read_option(const CommandLine& line, std::string_view option, Parse parse, T& into) {
    if (const auto value = line.value(option)) {
        Result<T> parsed = parse(*value);
        if (!parsed) return parsed.error();
        into = *parsed;
    }
    return std::nullopt;
}

// Parses `args` by `syntax`. Errors, in one wording for every command: an unknown option (with the
// nearest known one: "unknown option '--frm'; did you mean '--from'?"), a missing or empty value,
// a value given to a flag, an option given twice, an unexpected operand.
Result<CommandLine> parse_command_line(const CommandSyntax& syntax, const Args& args);

// The candidate nearest to `word`: within two edits, or one that `word` (4 characters or more)
// abbreviates; empty when none is. The "did you mean" of options and commands.
[[nodiscard]] std::string_view nearest_word(std::string_view word, const std::vector<std::string_view>& candidates);

// The command's options and --help, which every command has.
[[nodiscard]] std::vector<Option> options_with_help(const CommandSyntax& syntax);
// An option's help as every reader shows it (--help, the man page, completion, help --json).
[[nodiscard]] std::string option_help(const Option& option);

// "usage: cudaarch convert [--from DIALECT] [--to FORMAT] SPEC..."
[[nodiscard]] std::string usage_line(const CommandSyntax& syntax);

// The usage line, the description, the options and the footer; returns 0.
int print_help(const CommandSyntax& syntax, Output& out);

// A command: its syntax, what runs it once its command line is parsed, and its line in the
// top-level help and the zsh and fish menus. Each cmd_*.cpp defines one; the command table
// (command_table.cpp) lists them.
struct Command {
    const CommandSyntax* syntax;
    int (*run)(const CommandLine& line, Output& out, Output& err);
    std::string_view summary;
};

// What every command starts with: `args` parsed by its syntax (a usage error on err), --help
// printed; otherwise the command's status.
int run_command(const Command& command, const Args& args, Output& out, Output& err);

// "cudaarch: error: MESSAGE" and the usage line on err; returns 2, the usage error status.
int usage_error(const CommandSyntax& syntax, Output& err, const Error& error);

// Prints "cudaarch: error: ...", the one form of every command's errors, and returns `status`:
// by default 2, the usage/input error code.
inline int fail(Output& err, const Error& error, int status = 2) {
    err << "cudaarch: error: " << error.message << "\n";
    return status;
}

// A whole number in [min, max], digits only: no sign, no space, no wrap-around.
Result<std::uint64_t> parse_count(std::string_view option, std::string_view value, std::uint64_t min,
                                                std::uint64_t max);

}  // namespace cudaarch::cli
