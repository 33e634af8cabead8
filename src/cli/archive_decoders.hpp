// SPDX-License-Identifier: Apache-2.0
// The decoders the cudaarch tool gives the archive reader (cudaarch/archive.hpp): zlib's inflate
// for deflated zip members, libbz2's for .tar.bz2 and libzstd's (cli/zstd_decoder.hpp) for a
// .conda's tars, each where CMake found the library (src/CMakeLists.txt), else nullptr.
#pragma once

#include "cudaarch/archive.hpp"

namespace cudaarch::cli {

[[nodiscard]] ArchiveDecoders archive_decoders();

}  // namespace cudaarch::cli
