// SPDX-License-Identifier: Apache-2.0
#include "cli/options.hpp"

#include <algorithm>

#include "cudaarch/text.hpp"
#include "cudaarch/toolkit.hpp"

namespace cudaarch::cli {

namespace {

constexpr Option kHelpOption{"--help", "", "print this help and exit"};

bool is_help(std::string_view word) { return word == "--help" || word == "-h"; }

const Option* find_option(const CommandSyntax& syntax, std::string_view name) {
    const auto it = std::find_if(syntax.begin(), syntax.end(), [&](const Option& o) { return o.name == name; });
    return it == syntax.end() ? nullptr : it;
}

// "unknown option '--frm'; did you mean '--from'?"
Error unknown_option(const CommandSyntax& syntax, std::string_view word) {
    const std::string_view name = word.substr(0, word.find('='));
    std::vector<std::string_view> names;
    for (const Option& option : options_with_help(syntax)) names.push_back(option.name);
    const std::string_view nearest = nearest_word(name, names);
    std::string message = "unknown option " + text::quote(name);
    if (!nearest.empty()) return Error{message + "; did you mean '" + std::string(nearest) + "'?"};
    message += "; see 'cudaarch " + std::string(syntax.name) + " --help'";
    // Commands that take nvcc flags as a SPEC: say how any other dashed SPEC gets through.
    if (syntax.dashed_operand)
        message += ", or put a SPEC that starts with '-' after '--': cudaarch " + std::string(syntax.name) + " -- " +
                   text::quote(word);
    return Error{message};
}

// True when `word` is one of the command's options (with or without "=VALUE"), so it cannot be the
// value of the option before it.
bool names_option(const CommandSyntax& syntax, std::string_view word) {
    return is_help(word) || (word.size() > 2 && word.substr(0, 2) == "--" && find_option(syntax, word.substr(0, word.find('='))));
}

}  // namespace

std::string_view nearest_word(std::string_view word, const std::vector<std::string_view>& candidates) {
    std::string_view nearest;
    std::size_t best = 3;
    for (const std::string_view candidate : candidates) {
        const bool abbreviates = word.size() >= 4 && candidate.substr(0, word.size()) == word;
        const std::size_t distance = abbreviates ? 1 : text::edit_distance(word, candidate);
        if (distance < best) best = distance, nearest = candidate;
    }
    return nearest;
}

std::vector<Option> options_with_help(const CommandSyntax& syntax) {
    std::vector<Option> options(syntax.begin(), syntax.end());
    options.push_back(kHelpOption);
    return options;
}

std::string option_help(const Option& option) {
    std::string help(option.help);
    if (option.default_nvcc) help += " (default: " + nvcc_search_order() + ")";
    return help;
}

bool CommandLine::has(std::string_view option) const {
    return std::any_of(given_.begin(), given_.end(), [&](const auto& g) { return g.first == option; });
}

std::optional<std::string_view> CommandLine::value(std::string_view option) const {
    for (const auto& [name, value] : given_) {
        if (name == option) return value;
    }
    return std::nullopt;
}

std::vector<std::string_view> CommandLine::values(std::string_view option) const {
    std::vector<std::string_view> found;
    for (const auto& [name, value] : given_) {
        if (name == option) found.push_back(value);
    }
    return found;
}

Result<CommandLine> parse_command_line(const CommandSyntax& syntax, const Args& args) {
    CommandLine line;
    std::size_t i = 0;
    const auto operand = [&](std::string_view word) -> std::optional<Error> {
        if (syntax.operand_kind == Operands::words) {
            line.operands.push_back(word);
            return std::nullopt;
        }
        const std::string where = syntax.operand_kind == Operands::none
                                      ? "; 'cudaarch " + std::string(syntax.name) + "' takes none"
                                      : "; the command to run goes after '--'";
        return Error{"unexpected argument " + text::quote(word) + where};
    };
    for (; i < args.size() && args[i] != "--"; ++i) {
        const std::string_view word = args[i];
        if (is_help(word)) {
            line.help = true;
            continue;
        }
        const bool dashed = word.size() > 1 && word[0] == '-';
        if (syntax.operand_kind == Operands::passthrough && (!dashed || !find_option(syntax, word.substr(0, word.find('=')))))
            break;
        if (!dashed || (syntax.dashed_operand && syntax.dashed_operand(word))) {
            if (auto error = operand(word)) return *error;
            continue;
        }
        const std::size_t equals = word.find('=');
        const std::string_view name = word.substr(0, equals);
        const Option* option = find_option(syntax, name);
        if (!option) return unknown_option(syntax, word);
        if (!option->repeatable && line.has(option->name))
            return Error{"option " + text::quote(option->name) + " is given twice"};
        if (option->value.empty()) {
            if (equals != std::string_view::npos) return Error{"option " + text::quote(name) + " takes no value"};
            line.add(option->name, {});
            continue;
        }
        std::string_view value;
        if (equals != std::string_view::npos) {
            value = word.substr(equals + 1);
        } else if (i + 1 < args.size() && !names_option(syntax, args[i + 1]) && args[i + 1] != "--") {
            value = args[++i];
        } else {
            return Error{text::missing_value("option " + text::quote(name)) + ": " + std::string(option->name) + " " +
                         std::string(option->value)};
        }
        if (value.empty())
            return Error{"option " + text::quote(name) + " has an empty value; give " + std::string(option->value)};
        line.add(option->name, value);
    }
    if (i < args.size() && args[i] == "--") {  // the rest are operands
        if (syntax.operand_kind == Operands::none) return Error{"unexpected argument '--'; 'cudaarch " + std::string(syntax.name) + "' takes none"};
        ++i;
    }
    for (; i < args.size(); ++i) line.operands.push_back(args[i]);
    return line;
}

std::string usage_line(const CommandSyntax& syntax) {
    std::string usage = "usage: cudaarch " + std::string(syntax.name);
    for (const Option& o : syntax) {
        usage += " [" + std::string(o.name) + (o.value.empty() ? "" : " " + std::string(o.value)) + "]";
        if (o.repeatable) usage += "...";
    }
    if (!syntax.operands.empty()) usage += " " + std::string(syntax.operands);
    return usage;
}

int print_help(const CommandSyntax& syntax, Output& out) {
    out << usage_line(syntax) << "\n\n" << syntax.description;
    const std::vector<Option> options = options_with_help(syntax);
    std::vector<std::string> heads;
    std::size_t width = 0;
    for (const Option& option : options) {
        heads.push_back(std::string(option.name) + (option.value.empty() ? "" : " " + std::string(option.value)));
        width = std::max(width, heads.back().size());
    }
    out << "\noptions:\n";
    for (std::size_t k = 0; k < heads.size(); ++k) {
        const Option& option = options[k];
        const std::string text = option_help(option);
        std::string_view help = text;
        out << "  " << heads[k] << std::string(width - heads[k].size() + 2, ' ');
        for (std::size_t newline; (newline = help.find('\n')) != std::string_view::npos; help.remove_prefix(newline + 1))
            out << help.substr(0, newline) << "\n" << std::string(width + 4, ' ');
        out << help << (option.repeatable ? " (repeatable)" : "") << "\n";
    }
    if (!syntax.footer.empty()) out << "\n" << syntax.footer;
    return 0;
}

int run_command(const Command& command, const Args& args, Output& out, Output& err) {
    const Result<CommandLine> line = parse_command_line(*command.syntax, args);
    if (!line) return usage_error(*command.syntax, err, line.error());
    if (line->help) return print_help(*command.syntax, out);
    return command.run(*line, out, err);
}

int usage_error(const CommandSyntax& syntax, Output& err, const Error& error) {
    err << "cudaarch: error: " << error.message << "\n" << usage_line(syntax) << "\n";
    return 2;
}

Result<std::uint64_t> parse_count(std::string_view option, std::string_view value, std::uint64_t min, std::uint64_t max) {
    const Error error{std::string(option) + " needs a whole number from " + std::to_string(min) + " to " +
                      std::to_string(max) + ", not " + text::quote(value)};
    if (value.empty() || value.size() > 19 || value.find_first_not_of("0123456789") != std::string_view::npos)
        return error;
    std::uint64_t number = 0;
    for (const char c : value) number = number * 10 + static_cast<std::uint64_t>(c - '0');
    if (number < min || number > max) return error;
    return number;
}

}  // namespace cudaarch::cli
