// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: every reader and every output format of `cudaarch inspect` on arbitrary bytes.
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <string>
#include <vector>
#include <string_view>

#include "cli/inspect_output.hpp"
#include "cudaarch/binary/ar.hpp"
#include "cudaarch/binary/elf.hpp"
#include "cudaarch/binary/fatbin.hpp"
#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/binary/kernels.hpp"
#include "cudaarch/binary/lz4.hpp"
#include "cudaarch/binary/runtime_table.hpp"
#include "cudaarch/binary/zstd_frame.hpp"
#include "cudaarch/sizes.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cudaarch::binary;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const Bytes bytes("fuzz", input);
    // The readers directly, so each is reached without its magic as well.
    (void)read_elf(bytes);
    (void)read_archive(bytes);
    (void)read_fatbin(bytes, 0);
    if (const auto elf = read_elf(bytes)) (void)cubin_kernels(*elf, bytes);
    (void)ptx_kernels(bytes);
    (void)lz4_block_decode(input, std::uint64_t{1} << 20);
    (void)zstd_content_size(bytes);
    if (const auto elf = read_elf(bytes)) (void)runtime_api_version(bytes, *elf);
    const auto whole = scan_fatbins(bytes, 0, ScanMode::lenient);
    // The parallel scan's parts, joined, must find what one pass finds, whatever the part size.
    std::string buffer;
    for (const std::uint64_t part_size : {8u, 24u, 100u}) {
        std::vector<ScanPart> parts;
        for (std::uint64_t begin = 0; begin < size; begin += part_size)
            parts.push_back(scan_part(bytes, 0, begin, std::min<std::uint64_t>(size, begin + part_size), buffer));
        const auto joined = join_scan_parts(bytes, 0, std::move(parts));
        if (!whole || joined.size() != whole->size()) __builtin_trap();
        for (std::size_t i = 0; i < joined.size(); ++i)
            if (joined[i].offset != (*whole)[i].offset) __builtin_trap();
    }
    // And the strict walk's parts, joined, the one walk: the same containers, or the same error.
    const auto walked = scan_fatbins(bytes, 0, ScanMode::strict);
    for (const std::uint64_t part_size : {8u, 24u, 100u}) {
        std::vector<WalkPart> parts;
        for (std::uint64_t begin = 0; begin < size; begin += part_size)
            parts.push_back(walk_part(bytes, 0, begin, std::min<std::uint64_t>(size, begin + part_size), buffer));
        const auto joined = join_walk_parts(bytes, 0, std::move(parts));
        if (bool(joined) != bool(walked)) __builtin_trap();
        if (!joined) {
            if (joined.error().message != walked.error().message) __builtin_trap();
            continue;
        }
        if (joined->size() != walked->size()) __builtin_trap();
        for (std::size_t i = 0; i < joined->size(); ++i)
            if ((*joined)[i].offset != (*walked)[i].offset) __builtin_trap();
    }

    const auto listing = list_images_in("fuzz", input);
    cudaarch::cli::Output out;
    cudaarch::cli::Output err;
    cudaarch::cli::write_json_file(out, "fuzz", listing);
    if (listing) {
        cudaarch::cli::write_table(out, "fuzz", *listing);
        cudaarch::cli::write_cuobjdump(out, err, "fuzz", "/", *listing);
    }
    // `size`: the images' stored bytes never add up past the input, and the modules and the
    // images in none add up to all of them.
    if (const auto sizes = cudaarch::read_sizes_in("fuzz", input)) {
        cudaarch::SizeTotal modules = sizes->outside_modules;
        for (const cudaarch::ModuleSize& module : sizes->modules) modules.add(module.size);
        if (sizes->device.stored_bytes > size || sizes->host_bytes + sizes->device.stored_bytes != size ||
            modules.images != sizes->device.images || modules.stored_bytes != sizes->device.stored_bytes)
            __builtin_trap();
    }
    // With kernels: the symbol tables and PTX text of every uncompressed image, and the modules.
    // Compressed images decoded (LZ4; zstd is the tool's libzstd), then the modules again.
    if (auto kernels = list_images_in("fuzz", input, Scope::all_sections, Read::kernels)) {
        read_compressed_kernels(kernels.value(), bytes, nullptr);
        cudaarch::cli::write_modules(out, *kernels);
        cudaarch::cli::write_json_file(out, "fuzz", kernels);
    }
    return 0;
}
