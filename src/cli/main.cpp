// SPDX-License-Identifier: Apache-2.0
// cudaarch: CUDA GPU architectures outside CMake. See docs/cli/.
#include <unistd.h>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command_table.hpp"
#include "cli/json.hpp"
#include "cli/man_page.hpp"
#include "cudaarch/text.hpp"

namespace {

using cudaarch::cli::Output;

// Output that never reached stdout (a full disk, a closed descriptor) is an error, not a
// success: the caller would take a truncated or empty answer for the real one.
int finish(int status, Output& out, Output& err) {
    if (out.flush()) return status;
    err << "cudaarch: error: cannot write to standard output: " << std::strerror(out.error()) << "\n";
    return 2;
}

// True when --json comes before '--': the caller reads stdout as JSON, errors included.
bool wants_json(const cudaarch::cli::Args& args) {
    for (const std::string_view word : args) {
        if (word == "--") return false;
        if (word == "--json") return true;
    }
    return false;
}

// What a command wrote to stderr, as the error document of --json (docs/cli/json.md,
// cudaarch.error/1): the first error, the warnings, the usage line of a usage error.
std::string error_document(std::string_view command, int status, std::string_view text) {
    std::string error;
    std::string usage;
    std::vector<std::string> warnings;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (line.substr(0, 17) == "cudaarch: error: ") {
            if (error.empty()) error = line.substr(17);
        } else if (line.substr(0, 19) == "cudaarch: warning: ") {
            warnings.emplace_back(line.substr(19));
        } else if (line.substr(0, 7) == "usage: ") {
            if (usage.empty()) usage = line.substr(7);
        } else if (error.empty() && !line.empty()) {
            error = line;
        }
    }
    return cudaarch::cli::json_schema_head("error") + ", \"command\": " + cudaarch::cli::json_optional_string(command) +
           ", \"exit_status\": " + std::to_string(status) + ", \"error\": " + cudaarch::cli::json_string(error) +
           ", \"usage\": " + cudaarch::cli::json_optional_string(usage) +
           ", \"warnings\": " + cudaarch::cli::json_strings(warnings) + "}\n";
}

// The command a top-level spelling stands for: the conventional --version and -V, and
// --cmakedir (as pybind11's and the wheel's module have it), are `version`'s.
std::string_view command_name(std::string_view name) {
    return name == "--version" || name == "-V" || name == "--cmakedir" ? "version" : name;
}

// `name` is neither a command nor a top-level option: the nearest known word, or where the
// commands are listed.
int unknown(std::string_view name, Output& err) {
    const bool option = name.size() > 1 && name[0] == '-';
    const std::string_view nearest = cudaarch::cli::nearest_top_level_word(name);
    err << "cudaarch: error: unknown " << (option ? "option " : "command ") << cudaarch::text::quote(name)
        << (nearest.empty() ? "; see 'cudaarch help'" : "; did you mean '" + std::string(nearest) + "'?") << "\n";
    return 2;
}

// The command line after the tool's name: a command, help, or a top-level option.
int dispatch(std::string_view name, cudaarch::cli::Args args, Output& out, Output& err) {
    if (name == "--cmakedir") args.insert(args.begin(), "--cmakedir");
    name = command_name(name);
    if (name == "--help" || name == "-h" || (name == "help" && args.empty())) {
        out << cudaarch::cli::top_level_usage();
        return 0;
    }
    // Hidden: the build writes the man page with it (cmake/packaging/install.cmake).
    if (name == "help" && args.size() == 1 && args[0] == "--man") {
        out << cudaarch::cli::man_page();
        return 0;
    }
    if (name == "help") {  // `help <command>` is `<command> --help`
        if (args.size() != 1) {
            err << "cudaarch: error: 'help' takes one command, as in 'cudaarch help convert'\n";
            return 2;
        }
        name = args[0];
        args = {"--help"};
    }
    const cudaarch::cli::Command* command = cudaarch::cli::find_command(name);
    if (!command) return unknown(name, err);
    return cudaarch::cli::run_command(*command, args, out, err);
}

}  // namespace

int main(int argc, char** argv) {
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO, Output::Buffering::lines, &out, Output::Controls::escaped);
    if (argc < 2) {
        err << cudaarch::cli::top_level_usage();
        return 2;
    }
    const std::string_view name = argv[1];
    const cudaarch::cli::Args args(argv + 2, argv + argc);
    if (!wants_json(args)) return finish(dispatch(name, args, out, err), out, err);
    // Under --json stderr is kept until the end: an error that left stdout empty becomes the
    // error document there instead, with the same exit status (docs/cli/json.md).
    Output collected;
    const int status = dispatch(name, args, out, collected);
    if (status != 0 && !out.wrote())
        out << error_document(cudaarch::cli::find_command(command_name(name)) ? command_name(name) : std::string_view(),
                              status, collected.text());
    else
        err << collected.text();
    return finish(status, out, err);
}
