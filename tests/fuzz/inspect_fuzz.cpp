// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: every reader and every output format of `cudaarch inspect` on arbitrary bytes.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string_view>

#include "cli/inspect_output.hpp"
#include "cudaarch/binary/ar.hpp"
#include "cudaarch/binary/elf.hpp"
#include "cudaarch/binary/fatbin.hpp"
#include "cudaarch/binary/image_list.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cudaarch::binary;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const Bytes bytes("fuzz", input);
    // The readers directly, so each is reached without its magic as well.
    (void)read_elf(bytes);
    (void)read_archive(bytes);
    (void)read_fatbin(bytes, 0);
    (void)scan_fatbins(bytes, 0, ScanMode::lenient, [](std::string_view) {});

    const auto listing = list_images_in("fuzz", input);
    std::ostringstream out;
    std::ostringstream err;
    cudaarch::cli::write_json_file(out, "fuzz", listing);
    if (listing) {
        cudaarch::cli::write_table(out, "fuzz", *listing);
        cudaarch::cli::write_cuobjdump(out, err, "fuzz", "/", *listing);
    }
    return 0;
}
