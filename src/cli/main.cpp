// SPDX-License-Identifier: Apache-2.0
// cudaarch: CUDA GPU architectures outside CMake. See docs/cli/.
#include <unistd.h>

#include <cstring>
#include <string_view>

#include "cli/commands.hpp"

namespace {

using cudaarch::cli::Output;

constexpr std::string_view kUsage =
    "usage: cudaarch <command> [options] [arguments]\n"
    "\n"
    "commands:\n"
    "  check     say whether binaries run on GPUs (native, PTX JIT or no kernel image), why, and the fix\n"
    "  completion print the bash or zsh completion script, generated from every command's options\n"
    "  convert   translate architecture notations (TORCH_CUDA_ARCH_LIST, CMake, -gencode, ...)\n"
    "  ctest     run a GPU test suite on this runner: resource spec from its GPUs, tests it cannot host skipped\n"
    "  detect    list the local GPUs and their compute capabilities (asks the driver)\n"
    "  doctor    diagnose why CUDA code does or does not run here: driver, GPUs, libraries, files\n"
    "  gpu-test  run a test command when suitable GPUs are visible, else skip (CTest launcher)\n"
    "  inspect   list the SASS/PTX/LTO-IR images in binaries, objects, archives, .fatbin/.cubin/.ptx files\n"
    "  list-gpus list the GPU products the database knows and their compute capabilities\n"
    "  resolve   expand keywords and check architectures against the installed nvcc\n"
    "  select    choose the fewest images that run natively on every GPU of a fleet\n"
    "  supported list the architectures the installed nvcc can build\n"
    "  verify    compare the images in binaries with the architectures a build asked for\n"
    "  version   this tool's version, its database's newest CUDA and capability, the nvcc it uses\n"
    "\n"
    "Run 'cudaarch <command> --help' for a command's options; 'cudaarch --version' is 'cudaarch version'.\n";

struct Command {
    std::string_view name;
    int (*run)(const cudaarch::cli::Args&, Output&, Output&);
};

constexpr Command kCommands[] = {
    {"check", cudaarch::cli::run_check},
    {"completion", cudaarch::cli::run_completion},
    {"convert", cudaarch::cli::run_convert},
    {"ctest", cudaarch::cli::run_ctest},
    {"detect", cudaarch::cli::run_detect},
    {"doctor", cudaarch::cli::run_doctor},
    {"gpu-test", cudaarch::cli::run_gpu_test},
    {"inspect", cudaarch::cli::run_inspect},
    {"list-gpus", cudaarch::cli::run_list_gpus},
    {"resolve", cudaarch::cli::run_resolve},
    {"select", cudaarch::cli::run_select},
    {"supported", cudaarch::cli::run_supported},
    {"verify", cudaarch::cli::run_verify},
    {"version", cudaarch::cli::run_version},
};

// Output that never reached stdout (a full disk, a closed descriptor) is an error, not a
// success: the caller would take a truncated or empty answer for the real one.
int finish(int status, Output& out, Output& err) {
    if (out.flush()) return status;
    err << "cudaarch: error: cannot write to standard output: " << std::strerror(out.error()) << "\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO, Output::Buffering::lines, &out);
    if (argc < 2) {
        err << kUsage;
        return 2;
    }
    // The conventional spelling of `cudaarch version`.
    const std::string_view name = std::string_view(argv[1]) == "--version" ? "version" : argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        out << kUsage;
        return finish(0, out, err);
    }
    for (const Command& command : kCommands) {
        if (command.name == name) return finish(command.run(cudaarch::cli::Args(argv + 2, argv + argc), out, err), out, err);
    }
    err << "cudaarch: error: unknown command '" << name << "'\n" << kUsage;
    return 2;
}
