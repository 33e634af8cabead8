// SPDX-License-Identifier: Apache-2.0
// A regular file's bytes, read on demand with pread into memory of our own. Unlike a map of the
// file, this survives another process truncating or rewriting the file while it is read (a map
// would die with SIGBUS on the first page past the new end): the bytes that are gone read as
// zeros, and changed() then says so, so the caller can reject the listing.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <sys/stat.h>

#include "cudaarch/result.hpp"

namespace cudaarch::binary {

// The most bytes read of each kind of text input, whatever its size: past it the input is
// refused, never read on (docs/reliability.md, "Input limits"). Each is a whole string in
// memory; those read on several threads at once (RECORD, METADATA) are kept small enough that
// file_threads() of them stay under the 256 MB of peak RSS allowed per input.
namespace input_limit {
inline constexpr std::uint64_t kKiB = 1024, kMiB = kKiB * 1024;
inline constexpr std::uint64_t fleet_list = 64 * kMiB;          // select --from-file
inline constexpr std::uint64_t resource_spec = 16 * kMiB;       // ctest --resource-spec-file
inline constexpr std::uint64_t interpreter_answer = 16 * kMiB;  // check --python's question, each pipe
inline constexpr std::uint64_t record = 16 * kMiB;              // a .dist-info/RECORD
inline constexpr std::uint64_t metadata = 4 * kMiB;             // METADATA, direct_url.json, pyvenv.cfg
inline constexpr std::uint64_t proc_maps = 64 * kMiB;           // /proc/PID/maps
inline constexpr std::uint64_t proc_stat = 64 * kKiB;           // /proc/PID/stat
inline constexpr std::uint64_t ld_so_cache = 64 * kMiB;         // /etc/ld.so.cache
inline constexpr std::uint64_t pseudo_file = 16 * kMiB;         // a file of /proc or /sys read as a binary
inline constexpr std::uint64_t sysfs_value = 4 * kKiB;          // a PCI device's vendor, device, class
inline constexpr std::uint64_t pci_ids = 16 * kMiB;             // pci.ids (about 1.4 MB)
}  // namespace input_limit

// "64 MiB", "4 KiB", "100 bytes": a limit as the messages name it.
[[nodiscard]] std::string size_text(std::uint64_t bytes);

// "<path>: not a regular file (a FIFO)": why a file of that mode is not read.
[[nodiscard]] std::string not_regular_file(const std::string& path, mode_t mode);

// Opens `path` without blocking (a FIFO without a writer, a device, must not wait) and checks
// with fstat that it is a regular file: a FIFO, device, socket or folder is refused before
// anything is read, `<path>: not a regular file (a FIFO)`. The descriptor is the caller's.
Result<int> open_regular_file(const std::string& path, struct stat& status);

// The whole text of `path`, or of standard input for "-", at most `limit` bytes: a regular
// file whose size says more is refused unread, and one that grows past it (a file of /proc,
// whose size says 0) or standard input is read no further, `<what> is larger than 64 MiB`
// (`what` defaults to the path). errno_out, when given, gets the errno of an open or read
// that failed, else 0.
Result<std::string> read_text_file(const std::string& path, std::uint64_t limit, std::string_view what = {},
                                   int* errno_out = nullptr);

// The memory one thread reads file after file into: address space for the largest file so far
// and its chunks' states, kept from one file to the next. A FileBytes of its own maps and
// unmaps per file, and in a process reading a folder on 8 threads every map, unmap and first
// touch of a page takes the process's memory locks and, for the unmap, interrupts each core
// that runs one of its threads: on the 16-core GPU machine (a VM) about 0.3 ms a file, more
// than reading a small library (docs/bench.md). Serves one FileBytes at a time, which must not
// outlive it.
class ReadMemory {
public:
    ReadMemory() = default;
    ReadMemory(ReadMemory&& other) noexcept;
    ReadMemory& operator=(ReadMemory&&) = delete;
    ReadMemory(const ReadMemory&) = delete;
    ReadMemory& operator=(const ReadMemory&) = delete;
    ~ReadMemory();

private:
    friend class FileBytes;
    char* data_ = nullptr;
    std::uint64_t reserved_ = 0;
    std::unique_ptr<std::atomic<std::uint8_t>[]> chunks_;
    std::uint64_t chunk_count_ = 0;
};

class FileBytes {
public:
    // "<path>: not a regular file (a FIFO)": why a file of that mode is not read.
[[nodiscard]] std::string not_regular_file(const std::string& path, mode_t mode);

// Opens `path` without blocking and without reading: FIFOs, devices, sockets and directories
    // are rejected before a read could hang on them. Reserves (does not allocate) address space
    // for the whole file, or takes it from `memory`, where bytes that are not yet present hold
    // whatever an earlier file left there.
    static Result<FileBytes> open(const std::string& path, ReadMemory* memory = nullptr);

    FileBytes(FileBytes&& other) noexcept;
    FileBytes& operator=(FileBytes&&) = delete;
    FileBytes(const FileBytes&) = delete;
    FileBytes& operator=(const FileBytes&) = delete;
    ~FileBytes();

    // The whole file's range. Only bytes that need() made present hold the file's content.
    [[nodiscard]] std::string_view bytes() const { return {data_, size_}; }

    // Makes [offset, offset + length) of bytes() present, reading what is not yet. Safe to call
    // from several threads at once. Fast when the range is already present.
    void need(std::uint64_t offset, std::uint64_t length) const {
        if (length == 0) return;
        const std::uint64_t first = offset >> chunk_shift_;
        if (first == (offset + length - 1) >> chunk_shift_ && chunks_[first].load(std::memory_order_acquire) == kPresent)
            return;
        read_range(offset, length);
    }

    // The bytes of [offset, offset + length): a view of bytes() when they are present, else read
    // into `scratch`, which the caller reuses. For one pass over much data that is looked at once:
    // no page of bytes() is allocated for it.
    [[nodiscard]] std::string_view read_into(std::uint64_t offset, std::uint64_t length, std::string& scratch) const;

    // Why the listing cannot be trusted: the file became shorter than it was when opened, or its
    // size or modification time differ now; empty when it did not change.
    [[nodiscard]] std::string changed() const;

    [[nodiscard]] const std::string& path() const { return path_; }

private:
    enum : std::uint8_t { kAbsent, kReading, kPresent };

    FileBytes(std::string path, int fd, char* data, std::uint64_t size, std::int64_t mtime_ns, ReadMemory* memory);
    void read_range(std::uint64_t offset, std::uint64_t length) const;
    // Reads [offset, offset + length) into `to`; a short file leaves the rest as it was.
    void read_at(char* to, std::uint64_t offset, std::uint64_t length) const;

    std::string path_;
    int fd_ = -1;
    char* data_ = nullptr;
    std::uint64_t size_ = 0;
    std::int64_t mtime_ns_ = 0;
    unsigned chunk_shift_ = 12;
    ReadMemory* memory_ = nullptr;  // where data_ and chunks_ come from; null: they are this one's own
    std::unique_ptr<std::atomic<std::uint8_t>[]> own_chunks_;
    std::atomic<std::uint8_t>* chunks_ = nullptr;
    bool whole_ = false;  // read whole when opened (a file of /proc or /sys): nothing can change
    mutable std::atomic<bool> short_read_{false};
};

}  // namespace cudaarch::binary
