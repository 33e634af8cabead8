// SPDX-License-Identifier: Apache-2.0
// What `check` and `pick` judge by: the GPUs and the driver, given (--gpu, --driver) or as
// the NVIDIA driver reports them, and this process's JIT variables. One reader, so that the
// two commands ask the verdict engine the same question.
#include <algorithm>
#include <cstdlib>

#include "cli/check.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli::check {

namespace {

void add_gpu(std::vector<Gpu>& gpus, const Arch& cc, const std::string& name) {
    auto it = std::find_if(gpus.begin(), gpus.end(), [&](const Gpu& g) { return g.cc == cc; });
    if (it == gpus.end()) it = gpus.insert(gpus.end(), Gpu{cc, {}});
    if (!name.empty() && std::find(it->names.begin(), it->names.end(), name) == it->names.end())
        it->names.push_back(name);
}

// What the verdict engine judges by, once the GPUs and the driver are known.
void set_inputs(Options& o) {
    o.inputs.gpus.clear();
    for (const Gpu& gpu : o.gpus) o.inputs.gpus.push_back(gpu.cc);
    if (o.driver) o.inputs.driver = o.driver->version;
}

}  // namespace

Result<Options> judge_options(const CommandSyntax& syntax, const CommandLine& line) {
    Options o;
    o.json = line.has("--json");
    o.inputs.environment = jit_environment(std::getenv("CUDA_FORCE_PTX_JIT"), std::getenv("CUDA_DISABLE_PTX_JIT"),
                                    std::getenv("CUDA_CACHE_DISABLE"));
    for (const std::string_view value : line.values("--gpu")) {
        Result<ArchList> list = parse(value);
        if (!list) return Error{"--gpu " + text::quote(value) + ": " + list.error().message};
        if (list->empty()) return Error{"--gpu needs a GPU: a capability (9.0), sm_86 or a product (T4)"};
        const ProductRecord* product = Database::find_product(value);
        for (const Entry& e : *list) add_gpu(o.gpus, e.arch.base(), product ? std::string(product->name) : "");
    }
    if (const auto value = line.value("--driver")) {
        Result<DriverVersion> version = parse_driver_version(*value);
        if (!version) return Error{"--driver: " + version.error().message};
        o.driver = Driver{*version, "--driver"};
    }
    Result<DriverTimeout> timeout = driver_timeout(syntax, line);
    if (!timeout) return timeout.error();
    o.timeout = *timeout;
    if (!o.gpus.empty() && o.driver) set_inputs(o);
    return o;
}

int add_detected(Options& o, const DriverQuery& query, Output& err) {
    if (!o.driver && query.driver_version > 0) o.driver = Driver{driver_from_cuda_version(query.driver_version), "detected"};
    if (o.gpus.empty() && !query.ok()) {
        err << "cudaarch: error: no GPU detected: " << query.reason
            << "\nhint: name the GPUs to check, e.g. --gpu 9.0 --gpu T4 --gpu \"RTX 4090\"\n";
        return 2;
    }
    if (o.gpus.empty()) {
        for (const Device& d : query.devices)
            add_gpu(o.gpus, Arch{d.major, d.minor, Suffix::none}, "device " + std::to_string(d.index) + ": " + d.name);
    }
    set_inputs(o);
    return 0;
}

}  // namespace cudaarch::cli::check
