// cudaarch convert [--from DIALECT] [--to FORMAT] SPEC...
#include <string>

#include "cli/commands.hpp"
#include "cudaarch/notation.hpp"

namespace cudaarch::cli {

namespace {

constexpr std::string_view kHelp =
    "usage: cudaarch convert [--from DIALECT] [--to FORMAT] SPEC...\n"
    "\n"
    "Reads architectures in any notation and writes them in one format.\n"
    "  --from DIALECT  how bare numbers read: CMAKE, TORCH, TF, OPENCV, NVCC (default: CudaArch's rules)\n"
    "  --to FORMAT     CMAKE (default), TORCH, GENCODE, TF, OPENCV, CLANG, READABLE\n"
    "SPEC arguments are joined with spaces into one list; '--' ends the options.\n"
    "Example: cudaarch convert --to gencode \"7.5 8.6+PTX\"\n";

// The value of --name=VALUE or --name VALUE; advances i past what it used.
bool option_value(const Args& args, std::size_t& i, std::string_view name, std::string_view& value) {
    const std::string_view arg = args[i];
    if (arg.size() > name.size() && arg.substr(0, name.size()) == name && arg[name.size()] == '=') {
        value = arg.substr(name.size() + 1);
        return true;
    }
    if (arg != name) return false;
    value = i + 1 < args.size() ? args[++i] : std::string_view();
    return true;
}

int fail(std::ostream& err, const Error& error) {
    err << "cudaarch: error: " << error.message << "\n";
    return 2;
}

}  // namespace

int run_convert(const Args& args, std::ostream& out, std::ostream& err) {
    Dialect dialect = Dialect::standard;
    Format format = Format::cmake;
    std::string spec;
    bool options = true;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view value;
        if (options && (args[i] == "--help" || args[i] == "-h")) {
            out << kHelp;
            return 0;
        }
        if (options && args[i] == "--") {
            options = false;
        } else if (options && option_value(args, i, "--from", value)) {
            Result<Dialect> d = parse_dialect(value);
            if (!d) return fail(err, d.error());
            dialect = *d;
        } else if (options && option_value(args, i, "--to", value)) {
            Result<Format> f = parse_format(value);
            if (!f) return fail(err, f.error());
            format = *f;
        } else {
            spec.append(spec.empty() ? "" : " ").append(args[i]);
        }
    }
    Result<ArchList> list = parse(spec, dialect);
    if (!list) return fail(err, list.error());
    Result<Rendering> rendering = render(*list, format);
    if (!rendering) return fail(err, rendering.error());
    for (const std::string& warning : rendering->warnings) err << "cudaarch: warning: " << warning << "\n";
    out << rendering->text << "\n";
    return 0;
}

}  // namespace cudaarch::cli
