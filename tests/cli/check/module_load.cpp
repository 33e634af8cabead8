// SPDX-License-Identifier: Apache-2.0
// The driver oracle for the module model: loads each module of a file as the CUDA runtime
// registers it, through the driver API, under this process's environment (CUDA_FORCE_PTX_JIT,
// CUDA_DISABLE_PTX_JIT), and prints the driver's answer per module:
//   module_load <file> [<shard> <shards>]  ->  "<n> <CUresult>" per module, in file order (as
//   check --json's modules): cuModuleLoadData's result, or when it loads, the first failing
//   cuModuleGetFunction's (each kernel the module holds); exit 0 when it ran the loads,
//   77 when no driver or GPU is there (the test skips), 2 on a bad file or arguments.
//   With a shard, only the modules n with n % shards == shard: a library of thousands of
//   PTX-only modules (cuFFT) is JIT-compiled by several processes at once.
// Which bytes make a module comes from the listing (one fat binary per translation unit); the
// answer for each is the driver's. An -rdc program's module needs the runtime's load-time
// link, which a lone cuModuleLoadData does not do: it is printed as "<n> rdc" and not compared.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <unordered_set>
#include <vector>

#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/modules.hpp"
#include "driver_api.hpp"

namespace {

using cudaarch_test::CUresult;
using Driver = cudaarch_test::DriverApi;

// The module's code as the runtime hands it to the driver: its fat binary container (copied,
// 8-aligned, to its header's size), or the whole file for a .fatbin, .cubin or .ptx.
std::vector<unsigned long long> module_bytes(const std::string& file, const cudaarch::Module& module) {
    const cudaarch::binary::Image& first = module.listing.images.front();
    std::size_t offset = 0;
    std::size_t size = file.size();
    if (first.container == cudaarch::binary::Container::fatbin && !first.section.empty()) {
        offset = first.container_offset;
        if (offset + 16 > file.size()) return {};
        unsigned short header = 0;
        unsigned long long fat = 0;
        std::memcpy(&header, file.data() + offset + 6, sizeof header);
        std::memcpy(&fat, file.data() + offset + 8, sizeof fat);
        if (fat > file.size() - offset - 16) return {};
        size = header + fat;
    }
    std::vector<unsigned long long> out(size / 8 + 2, 0);  // NUL after PTX text
    std::memcpy(out.data(), file.data() + offset, size);
    return out;
}

CUresult judge(const Driver& driver, const std::string& file, const cudaarch::Module& module) {
    const std::vector<unsigned long long> bytes = module_bytes(file, module);
    if (bytes.empty()) return -1;
    cudaarch_test::CUmodule loaded = nullptr;
    const CUresult result = driver.load(&loaded, bytes.data());
    if (result != 0) return result;
    std::unordered_set<std::string> seen;
    CUresult found = 0;
    for (const cudaarch::binary::Image& image : module.listing.images) {
        for (const std::string& kernel : image.kernels) {
            if (!seen.insert(kernel).second || found != 0) continue;
            cudaarch_test::CUfunction function = nullptr;
            found = driver.function(&function, loaded, kernel.c_str());
        }
    }
    driver.unload(loaded);
    return found;
}

}  // namespace

int main(int argc, char** argv) {
    unsigned long shard = 0;
    unsigned long shards = 1;
    if (argc == 4) {
        shard = std::strtoul(argv[2], nullptr, 10);
        shards = std::strtoul(argv[3], nullptr, 10);
    }
    if ((argc != 2 && argc != 4) || shards == 0 || shard >= shards) {
        std::fprintf(stderr, "usage: module_load <file> [<shard> <shards>]\n");
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto listing = cudaarch::binary::list_images_in(argv[1], file, cudaarch::binary::Scope::all_sections,
                                                          cudaarch::binary::Read::kernels);
    if (!listing) {
        std::fprintf(stderr, "%s\n", listing.error().message.c_str());
        return 2;
    }
    Driver driver;
    if (!cudaarch_test::open_driver(driver)) return 77;
    const std::vector<cudaarch::Module> modules = cudaarch::modules(*listing);
    for (std::size_t i = shard; i < modules.size(); i += shards) {
        if (modules[i].build.program().rdc()) std::printf("%zu rdc\n", i);
        else std::printf("%zu %d\n", i, judge(driver, file, modules[i]));
    }
    return 0;
}
