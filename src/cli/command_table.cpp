// SPDX-License-Identifier: Apache-2.0
#include "cli/command_table.hpp"

#include <algorithm>
#include <vector>

#include "cli/commands.hpp"

namespace cudaarch::cli {

namespace {

// One row per command: its syntax (name, options, help), what runs it, its summary.
const Command kCommands[] = {
    {&kCheckSyntax, run_check, "say whether binaries run on GPUs (native, PTX JIT or no kernel image), why, and the fix"},
    {&kCompletionSyntax, run_completion, "print the bash, zsh or fish completion script, generated from this table"},
    {&kConvertSyntax, run_convert, "translate architecture notations (TORCH_CUDA_ARCH_LIST, CMake, -gencode, ...)"},
    {&kCtestSyntax, run_ctest, "run a GPU test suite on this runner: resource spec from its GPUs, tests it cannot host skipped"},
    {&kDetectSyntax, run_detect, "list the local GPUs and their compute capabilities (asks the driver)"},
    {&kDoctorSyntax, run_doctor, "diagnose why CUDA code does or does not run here: driver, GPUs, libraries, files"},
    {&kGpuTestSyntax, run_gpu_test, "run a test command when suitable GPUs are visible, else skip (CTest launcher)"},
    {&kInspectSyntax, run_inspect, "list the SASS/PTX/LTO-IR images in binaries, objects, archives, .fatbin/.cubin/.ptx files"},
    {&kListGpusSyntax, run_list_gpus, "list the GPU products the database knows and their compute capabilities"},
    {&kResolveSyntax, run_resolve, "expand keywords and check architectures against the installed nvcc"},
    {&kSelectSyntax, run_select, "choose the fewest images that run natively on every GPU of a fleet"},
    {&kSupportedSyntax, run_supported, "list the architectures the installed nvcc can build"},
    {&kVerifySyntax, run_verify, "compare the images in binaries with the architectures a build asked for"},
    {&kVersionSyntax, run_version, "this tool's version, its database's newest CUDA and capability, the nvcc it uses"},
};

}  // namespace

CommandTable commands() { return {std::begin(kCommands), std::end(kCommands)}; }

const Command* find_command(std::string_view name) {
    const auto it = std::find_if(std::begin(kCommands), std::end(kCommands),
                                 [&](const Command& c) { return c.syntax->name == name; });
    return it == std::end(kCommands) ? nullptr : it;
}

std::string top_level_usage() {
    std::size_t width = 0;
    for (const Command& c : kCommands) width = std::max(width, c.syntax->name.size());
    std::string usage = "usage: cudaarch <command> [options] [arguments]\n\ncommands:\n";
    for (const Command& c : kCommands) {
        usage.append("  ").append(c.syntax->name).append(width - c.syntax->name.size() + 2, ' ');
        usage.append(c.summary).append("\n");
    }
    return usage +
           "\nRun 'cudaarch help <command>' or 'cudaarch <command> --help' for a command's options;\n"
           "'cudaarch --version' (or -V) is 'cudaarch version'.\n"
           "Exit status: 0 success, 1 a negative answer (see each command), 2 usage or input error.\n";
}

std::string_view nearest_top_level_word(std::string_view word) {
    std::vector<std::string_view> words;
    if (word.size() > 1 && word[0] == '-') {
        words = {"--help", "--version"};
    } else {
        for (const Command& c : kCommands) words.push_back(c.syntax->name);
        words.push_back("help");
    }
    return nearest_word(word, words);
}

}  // namespace cudaarch::cli
