// cudaarch: dispatches to the subcommands in commands.hpp.
#include <iostream>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"

namespace {

constexpr std::string_view usage =
    "usage: cudaarch <command> [args]\n"
    "commands:\n"
    "  inspect   list the SASS/PTX/LTO-IR images in binaries, objects, archives, .fatbin/.cubin/.ptx files\n";

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string_view> args(argv + 1, argv + argc);
    if (args.empty()) {
        std::cerr << usage;
        return 2;
    }
    const std::string_view command = args.front();
    args.erase(args.begin());
    if (command == "inspect") return cudaarch::cli::run_inspect(args, std::cout, std::cerr);
    if (command == "--help" || command == "-h") {
        std::cout << usage;
        return 0;
    }
    std::cerr << "cudaarch: unknown command '" << command << "'\n" << usage;
    return 2;
}
