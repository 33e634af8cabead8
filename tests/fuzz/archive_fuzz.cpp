// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the archive reader (cudaarch/archive.hpp) over the same bytes as a zip, a
// tar and a .conda, with a stand-in decoder that "decodes" a stream to itself within the limit
// (the real ones are libraries' and checked by them). Every file visited has a path that is
// non-empty, not absolute and without a `..` part, and bytes no longer than the input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cudaarch/archive.hpp"

namespace {

cudaarch::Result<std::string> identity(std::string_view stream, std::uint64_t limit) {
    if (stream.size() > limit) return cudaarch::Error{"decodes past the limit"};
    return std::string(stream);
}

void check(std::string_view input, std::string_view path, std::string_view bytes) {
    if (path.empty() || path.front() == '/' || bytes.size() > input.size()) std::abort();
    if (path == ".." || path.substr(0, 3) == "../" || path.find("/../") != std::string_view::npos ||
        (path.size() >= 3 && path.substr(path.size() - 3) == "/.."))
        std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto visit = [&](std::string_view path, std::string_view bytes) { check(input, path, bytes); };
    static_cast<void>(cudaarch::read_zip(cudaarch::binary::Bytes("fuzz.whl", input), identity, visit));
    static_cast<void>(cudaarch::read_tar("fuzz.tar", input, visit));
    const cudaarch::ArchiveDecoders decoders{identity, identity, identity};
    static_cast<void>(cudaarch::read_archive(cudaarch::ArchiveKind::conda, cudaarch::binary::Bytes("fuzz.conda", input), decoders, visit));
    static_cast<void>(cudaarch::read_archive(cudaarch::ArchiveKind::tar_bz2, cudaarch::binary::Bytes("fuzz.tar.bz2", input), decoders, visit));
    return 0;
}
