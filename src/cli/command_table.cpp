// SPDX-License-Identifier: Apache-2.0
#include "cli/command_table.hpp"

#include <algorithm>
#include <vector>

#include "cli/commands.hpp"

namespace cudaarch::cli {

namespace {

// One row per command, in the order the top-level help lists them; each is defined, with its
// syntax, run and summary, in its cmd_*.cpp.
const Command* const kCommands[] = {
    &kCheckCommand,
    &kCompletionCommand,
    &kConvertCommand,
    &kCtestCommand,
    &kDetectCommand,
    &kDoctorCommand,
    &kGpuTestCommand,
    &kInspectCommand,
    &kListGpusCommand,
    &kPickCommand,
    &kResolveCommand,
    &kSelectCommand,
    &kSizeCommand,
    &kSupportedCommand,
    &kVerifyCommand,
    &kVersionCommand,
};

}  // namespace

CommandTable commands() { return {std::begin(kCommands), std::end(kCommands)}; }

const Command* find_command(std::string_view name) {
    const auto it = std::find_if(std::begin(kCommands), std::end(kCommands),
                                 [&](const Command* c) { return c->syntax->name == name; });
    return it == std::end(kCommands) ? nullptr : *it;
}

std::string top_level_usage() {
    std::size_t width = 0;
    for (const Command& c : commands()) width = std::max(width, c.syntax->name.size());
    std::string usage = "usage: cudaarch <command> [options] [arguments]\n\ncommands:\n";
    for (const Command& c : commands()) {
        usage.append("  ").append(c.syntax->name).append(width - c.syntax->name.size() + 2, ' ');
        usage.append(c.summary).append("\n");
    }
    return usage +
           "\nRun 'cudaarch help <command>' or 'cudaarch <command> --help' for a command's options;\n"
           "'cudaarch --version' (or -V) is 'cudaarch version'; 'cudaarch --cmakedir' prints the folder\n"
           "of the CMake package installed with this tool ('cudaarch version --cmakedir').\n"
           "Exit status: 0 success, 1 a negative answer (see each command), 2 usage or input error.\n";
}

std::string_view nearest_top_level_word(std::string_view word) {
    std::vector<std::string_view> words;
    if (word.size() > 1 && word[0] == '-') {
        words = {"--cmakedir", "--help", "--version"};
    } else {
        for (const Command& c : commands()) words.push_back(c.syntax->name);
        words.push_back("help");
    }
    return nearest_word(word, words);
}

}  // namespace cudaarch::cli
