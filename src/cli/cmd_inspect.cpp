// SPDX-License-Identifier: Apache-2.0
// cudaarch inspect [--json | --cuobjdump] FILE...
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cli/inspect_output.hpp"
#include "cli/zstd_decoder.hpp"
#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    kJsonOption,
    {"--cuobjdump", "", "print exactly what `cuobjdump -lelf -lptx FILE` prints, per file"},
    {"--modules", "", "also list the modules the loader registers, with their kernels\n"
                      "(read from the uncompressed code)"},
};

enum class Format { table, json, cuobjdump };

std::string current_directory() {
    std::string buffer(4096, '\0');
    while (getcwd(buffer.data(), buffer.size()) == nullptr) {
        if (errno != ERANGE) return ".";
        buffer.resize(buffer.size() * 2);
    }
    return buffer.c_str();
}

}  // namespace

const CommandSyntax kInspectSyntax{
    "inspect", "FILE...",
    "List the SASS, PTX and LTO-IR images in executables, shared libraries, objects, static\n"
    "archives, .fatbin, .cubin and .ptx files, from their headers.\n",
    "Exit status: 0 ok, 1 a file has no device code, 2 usage or read error.\n",
    kOptions, std::size(kOptions), Operands::words};

namespace {

int run_inspect(const CommandLine& line, Output& out, Output& err) {
    if (line.has("--json") && line.has("--cuobjdump"))
        return usage_error(kInspectSyntax, err, Error{text::mutually_exclusive("--json", "--cuobjdump")});
    if (line.operands.empty()) return usage_error(kInspectSyntax, err, Error{"no input file"});
    const Format format = line.has("--json") ? Format::json : line.has("--cuobjdump") ? Format::cuobjdump : Format::table;
    if (format == Format::cuobjdump && line.has("--modules"))
        return usage_error(kInspectSyntax, err, Error{text::mutually_exclusive("--cuobjdump", "--modules")});
    // Kernel names cost a read of each uncompressed image's symbols or text: only when asked.
    const binary::Read read = line.has("--modules") ? binary::Read::kernels : binary::Read::headers;
    const std::vector<std::string> files(line.operands.begin(), line.operands.end());

    const std::string cwd = format == Format::cuobjdump ? current_directory() : std::string();
    int status = 0;
    if (format == Format::json) out << json_schema_head("inspect") << ",\n  \"files\": [\n";
    for (std::size_t i = 0; i < files.size(); ++i) {
        // cuobjdump reads only the fatbin sections; skipping the rest also skips most of the file.
        auto listing = binary::list_images(
            files[i], format == Format::cuobjdump ? binary::Scope::fatbin_sections : binary::Scope::all_sections, read);
        // --modules names every module's kernels: compressed code is decoded too (only then).
        if (listing && read == binary::Read::kernels) static_cast<void>(binary::read_compressed_kernels(listing.value(), files[i], zstd_decoder()));
        if (format == Format::json) {
            write_json_file(out, files[i], listing);
            out << (i + 1 < files.size() ? ",\n" : "\n");
        } else if (!listing) {
            err << "cudaarch: error: " << listing.error().message << "\n";
        } else if (format == Format::cuobjdump) {
            if (!write_cuobjdump(out, err, files[i], cwd, *listing)) status = std::max(status, 1);
        } else {
            write_table(out, files[i], *listing);
            if (read == binary::Read::kernels) write_modules(out, *listing);
        }
        if (!listing) status = 2;
        else if (listing->images.empty()) status = std::max(status, 1);
    }
    if (format == Format::json) out << "  ]\n}\n";
    return status;
}

}  // namespace

const Command kInspectCommand{&kInspectSyntax, run_inspect,
    "list the SASS/PTX/LTO-IR images in binaries, objects, archives, .fatbin/.cubin/.ptx files"};

}  // namespace cudaarch::cli
