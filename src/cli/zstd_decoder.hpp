// SPDX-License-Identifier: Apache-2.0
// The zstd decoder the cudaarch tool gives the lister (fatbin entries flagged 0x8000, nvcc's
// default compression of PTX and NVIDIA's of its libraries): libzstd's, where CMake found it
// when CudaArch was built (CUDAARCH_HAVE_ZSTD); else none, and such kernels stay unread.
#pragma once

#include "cudaarch/binary/image_list.hpp"

namespace cudaarch::cli {

// nullptr without libzstd.
[[nodiscard]] binary::ZstdDecoder zstd_decoder();

}  // namespace cudaarch::cli
