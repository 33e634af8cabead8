#include "cli/gpu_needs.hpp"

#include <cstdlib>

#include "cli/driver_output.hpp"
#include "cli/options.hpp"
#include "cudaarch/compat.hpp"
#include "cudaarch/notation.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

Result<GpuNeeds> parse_gpu_needs(const Args& args, std::size_t& i) {
    GpuNeeds needs;
    for (; i < args.size() && args[i] != "--"; ++i) {
        std::string_view value;
        if (args[i] == "--require") {
            needs.require = true;
        } else if (option_value(args, i, "--gpus", value)) {
            needs.gpus = std::atoi(std::string(value).c_str());
            if (needs.gpus < 1 || value.find_first_not_of("0123456789") != std::string_view::npos)
                return Error{"--gpus needs a positive number, not " + text::quote(value)};
        } else if (option_value(args, i, "--min-cc", value)) {
            Result<ArchList> cc = cudaarch::parse(value);
            if (!cc || cc->size() != 1 || cc->front().arch.suffix != Suffix::none)
                return Error{"--min-cc needs one compute capability such as 8.0, not " + text::quote(value)};
            needs.min_cc = cc->front().arch;
        } else if (option_value(args, i, "--architectures", value)) {
            Result<ArchList> build = cudaarch::parse(value);
            if (!build) return build.error();
            needs.build = *build;
            needs.build_text = std::string(value);
        } else {
            break;
        }
    }
    return needs;
}

bool fits(const GpuNeeds& needs, const Device& device) {
    const Arch gpu{device.major, device.minor, Suffix::none};
    if (needs.min_cc && device.capability() < needs.min_cc->major * 10 + needs.min_cc->minor) return false;
    return !needs.build || runs_on(*needs.build, gpu).verdict != Verdict::no_image;
}

std::string wanted(const GpuNeeds& needs) {
    std::string text = std::to_string(needs.gpus) + (needs.gpus == 1 ? " GPU" : " GPUs");
    if (needs.min_cc) text += " of compute capability " + needs.min_cc->dotted() + " or newer";
    if (needs.build) text += " that can run " + needs.build_text;
    return text;
}

std::string listed(const std::vector<Device>& devices) {
    std::vector<std::string> parts;
    for (const Device& d : devices) parts.push_back(std::to_string(d.index) + ": " + d.name + " (" + capability_text(d) + ")");
    return text::join(parts, ", ");
}

bool truthy(const char* value) {
    if (!value) return false;
    for (const char* yes : {"1", "on", "yes", "true", "y"}) {
        if (text::iequals(value, yes)) return true;
    }
    return false;
}

}  // namespace cudaarch::cli
