// A read-only memory map of a whole file.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "cudaarch/result.hpp"

namespace cudaarch::binary {

class MappedFile {
public:
    static Result<MappedFile> open(const std::string& path);

    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    ~MappedFile();

    [[nodiscard]] std::string_view bytes() const { return {data_, size_}; }

    // Unmaps the whole pages inside `range` (a part of bytes()) from this process; a later read
    // maps them again from the page cache. Lets a scan of a 500 MB library run in a few MB of RSS.
    void release(std::string_view range) const;

private:
    MappedFile(const char* data, std::uint64_t size) : data_(data), size_(size) {}

    const char* data_ = nullptr;
    std::uint64_t size_ = 0;
};

}  // namespace cudaarch::binary
