// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the notation parser in every dialect and the renderer in every format, on
// arbitrary text. Besides crashes it checks what every parse must give: a sorted list with one
// entry per architecture, each with SASS or PTX.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "cudaarch/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cudaarch;
    const std::string_view spec(reinterpret_cast<const char*>(data), size);
    (void)parse_dialect(spec);
    (void)parse_format(spec);
    for (const Dialect dialect : {Dialect::standard, Dialect::cmake, Dialect::torch, Dialect::tf, Dialect::opencv,
                                  Dialect::nvcc}) {
        const Result<ArchList> list = parse(spec, dialect);
        if (!list) continue;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const Entry& e = (*list)[i];
            if (!e.sass && !e.ptx) std::abort();
            if (i > 0 && !((*list)[i - 1].arch < e.arch)) std::abort();
        }
        for (const Format format : {Format::cmake, Format::torch, Format::gencode, Format::tf, Format::opencv,
                                    Format::clang, Format::readable})
            (void)render(*list, format);
    }
    return 0;
}
