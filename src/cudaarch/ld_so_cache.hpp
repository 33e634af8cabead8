// SPDX-License-Identifier: Apache-2.0
// The dynamic loader's cache, /etc/ld.so.cache, which ldconfig writes: which file a library
// name stands for, searched after LD_LIBRARY_PATH and DT_RUNPATH, before the default folders.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/result.hpp"

namespace cudaarch {

struct LdCacheEntry {
    std::string name;  // the key: libcudart.so.13
    std::string path;  // the file: /usr/local/cuda/lib64/libcudart.so.13
    std::uint32_t flags = 0;  // FLAG_ELF_LIBC6 | the machine's FLAG_*_LIB64 ...
    std::uint64_t hwcap = 0;  // non-zero for entries of glibc-hwcaps subfolders
};

// The entries of a cache in glibc's format ("glibc-ld.so.cache1.1", alone or after the old
// "ld.so-1.7.0" table), in file order. Every count, offset and string is checked against
// `bytes`; `file` names it in errors.
Result<std::vector<LdCacheEntry>> parse_ld_so_cache(std::string_view file, std::string_view bytes);

// The cache flags of libraries for an ELF machine (e_machine): 0x0303 for x86-64, 0x0a03 for
// aarch64; 0 for machines cudaarch does not know, whose libraries the cache never matches.
[[nodiscard]] std::uint32_t ld_cache_flags(std::uint16_t machine);

// The file the loader takes from the cache for `name` on `machine`: the first entry with that
// key and the machine's flags, outside glibc-hwcaps subfolders; empty when none.
[[nodiscard]] std::string ld_cache_lookup(const std::vector<LdCacheEntry>& cache, std::string_view name,
                                          std::uint16_t machine);

}  // namespace cudaarch
