// SPDX-License-Identifier: Apache-2.0
// Bounds-checked little-endian access to a range of an input file.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::binary {

// A range of an input file, with the file's name and the range's absolute offset, so every
// reader can name the file and the absolute byte offset when it rejects the input. Over a
// FileBytes (`source`), every access reads what it touches first; over memory, it is a view.
class Bytes {
public:
    Bytes(std::string_view file, std::string_view data, std::uint64_t origin = 0, const FileBytes* source = nullptr)
        : file_(file), data_(data), origin_(origin), source_(source) {}

    [[nodiscard]] std::string_view file() const { return file_; }
    // The whole range, read: only for ranges known to be small.
    [[nodiscard]] std::string_view data() const { return view(0, data_.size()); }
    [[nodiscard]] std::uint64_t size() const { return data_.size(); }
    [[nodiscard]] std::uint64_t origin() const { return origin_; }

    // True when [offset, offset + length) lies inside the range; safe against overflow.
    [[nodiscard]] bool fits(std::uint64_t offset, std::uint64_t length) const {
        return offset <= data_.size() && length <= data_.size() - offset;
    }

    // The loads below require fits(offset, sizeof(T)); callers check first.
    [[nodiscard]] std::uint8_t u8(std::uint64_t offset) const { return load<std::uint8_t>(offset); }
    [[nodiscard]] std::uint16_t u16(std::uint64_t offset) const { return load<std::uint16_t>(offset); }
    [[nodiscard]] std::uint32_t u32(std::uint64_t offset) const { return load<std::uint32_t>(offset); }
    [[nodiscard]] std::uint64_t u64(std::uint64_t offset) const { return load<std::uint64_t>(offset); }

    // Requires fits(offset, length).
    [[nodiscard]] std::string_view view(std::uint64_t offset, std::uint64_t length) const {
        if (source_) source_->need(origin_ + offset, length);
        return data_.substr(offset, length);
    }
    // [offset, offset + length) for a single pass that looks at it once: read into `scratch`
    // (reused by the caller) rather than kept, when it comes from a file. Requires fits().
    [[nodiscard]] std::string_view scan_view(std::uint64_t offset, std::uint64_t length, std::string& scratch) const {
        return source_ ? source_->read_into(origin_ + offset, length, scratch) : data_.substr(offset, length);
    }
    // A part of the range; reads nothing yet.
    [[nodiscard]] Bytes sub(std::uint64_t offset, std::uint64_t length) const {
        return Bytes(file_, data_.substr(offset, length), origin_ + offset, source_);
    }
    [[nodiscard]] Bytes renamed(std::string_view file) const { return Bytes(file, data_, origin_, source_); }

    // "<file>: <what> at offset 0x<absolute offset>"
    [[nodiscard]] Error error(std::uint64_t offset, std::string_view what) const;

private:
    template <class T>
    [[nodiscard]] T load(std::uint64_t offset) const {
        // Inputs are little-endian and so are the hosts this tool supports (x86-64, aarch64).
        T value;
        if (source_) source_->need(origin_ + offset, sizeof value);
        std::memcpy(&value, data_.data() + offset, sizeof value);
        return value;
    }

    std::string_view file_;
    std::string_view data_;
    std::uint64_t origin_;
    const FileBytes* source_;
};

[[nodiscard]] std::string hex(std::uint64_t value);  // "0x1a2b"
void append_hex(std::string& out, std::uint64_t value);  // hex(value) appended, with no string of its own

}  // namespace cudaarch::binary
