#include "cli/spec_options.hpp"

#include "cli/options.hpp"

namespace cudaarch::cli {

Result<SpecOptions> parse_spec_options(const Args& args, bool toolkit_options) {
    SpecOptions o;
    bool options = true;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view value;
        if (options && (args[i] == "--help" || args[i] == "-h")) {
            o.help = true;
        } else if (options && args[i] == "--") {
            options = false;
        } else if (options && option_value(args, i, "--from", value)) {
            Result<Dialect> d = parse_dialect(value);
            if (!d) return d.error();
            o.dialect = *d;
        } else if (options && option_value(args, i, "--to", value)) {
            Result<Format> f = parse_format(value);
            if (!f) return f.error();
            o.format = *f;
        } else if (options && toolkit_options && option_value(args, i, "--policy", value)) {
            Result<Policy> p = parse_policy(value);
            if (!p) return p.error();
            o.policy = *p;
        } else if (options && toolkit_options && args[i] == "--native-ptx") {
            o.native_ptx = true;
        } else if (options && toolkit_options && option_value(args, i, "--native-fallback", value)) {
            if (value.empty()) return Error{"--native-fallback needs a value: a spec such as all-major, or ERROR"};
            o.native_fallback = std::string(value);
        } else if (options && toolkit_options && option_value(args, i, "--nvcc", value)) {
            if (value.empty()) return Error{"--nvcc needs a path"};
            o.nvcc = std::string(value);
        } else {
            o.spec.append(o.spec.empty() ? "" : " ").append(args[i]);
        }
    }
    return o;
}

int print_list(const ArchList& list, Format format, const std::vector<std::string>& warnings, std::ostream& out,
               std::ostream& err) {
    Result<Rendering> rendering = render(list, format);
    if (!rendering) return fail(err, rendering.error());
    for (const std::string& warning : warnings) err << "cudaarch: warning: " << warning << "\n";
    for (const std::string& warning : rendering->warnings) err << "cudaarch: warning: " << warning << "\n";
    out << rendering->text << "\n";
    return 0;
}

}  // namespace cudaarch::cli
