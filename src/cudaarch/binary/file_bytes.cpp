// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/file_bytes.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/vfs.h>
#endif

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>
#include <utility>

namespace cudaarch::binary {

namespace {

constexpr unsigned kPageShift = 12;
constexpr std::uint64_t kMaxChunks = std::uint64_t{1} << 22;  // 4 MiB of chunk states at most

Error system_error(const std::string& path, std::string_view what) {
    return Error{path + ": " + std::string(what) + ": " + std::strerror(errno)};
}

std::string_view type_name(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "a special file";
}

std::int64_t mtime_ns(const struct stat& st) {
    return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

std::uint64_t reserved_size(std::uint64_t size) {
    const std::uint64_t page = std::uint64_t{1} << kPageShift;
    return (size + page - 1) & ~(page - 1);
}

// Files of /proc and /sys are made by the kernel as they are read: their st_size is 0 or 4096,
// whatever they hold, so they are read whole, as what they are, instead of to that size (which
// was "it became shorter while it was read").
bool is_pseudo_file(int fd) {
#if defined(__linux__)
    struct statfs fs {};
    constexpr long kProcMagic = 0x9fa0, kSysfsMagic = 0x62656572;
    return fstatfs(fd, &fs) == 0 && (static_cast<long>(fs.f_type) == kProcMagic || static_cast<long>(fs.f_type) == kSysfsMagic);
#else
    (void)fd;
    return false;
#endif
}

// What is left of `fd` to its end, at most `limit` bytes (`reserve`: what its size says):
// past the limit nothing more is read, `<what> is larger than <limit>`.
Result<std::string> read_bounded(int fd, const std::string& path, std::uint64_t limit, std::string_view what,
                                 std::uint64_t reserve, int* errno_out) {
    std::string content;
    content.reserve(static_cast<std::size_t>(std::min(reserve, limit)));
    char buffer[1 << 16];
    for (;;) {
        const std::uint64_t room = limit - std::min<std::uint64_t>(limit, content.size()) + 1;  // one more tells
        const ssize_t got = ::read(fd, buffer, static_cast<std::size_t>(std::min<std::uint64_t>(sizeof buffer, room)));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            if (errno_out) *errno_out = errno;
            return system_error(path, "cannot read");
        }
        if (got == 0) return content;
        content.append(buffer, static_cast<std::size_t>(got));
        if (content.size() > limit)
            return Error{(what.empty() ? path : std::string(what)) + " is larger than " + size_text(limit)};
    }
}

// Address space for `size` bytes, pages made only as they are touched; null when there is none.
char* reserve(std::uint64_t size) {
    void* reserved = mmap(nullptr, reserved_size(size), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return reserved == MAP_FAILED ? nullptr : static_cast<char*>(reserved);
}

unsigned chunk_shift_for(std::uint64_t size) {
    unsigned shift = kPageShift;
    while ((size >> shift) >= kMaxChunks) ++shift;
    return shift;
}

}  // namespace

std::string size_text(std::uint64_t bytes) {
    for (const auto& [unit, name] : {std::pair{input_limit::kMiB, " MiB"}, std::pair{input_limit::kKiB, " KiB"}})
        if (bytes >= unit && bytes % unit == 0) return std::to_string(bytes / unit) + name;
    return std::to_string(bytes) + " bytes";
}

std::string not_regular_file(const std::string& path, mode_t mode) {
    return path + ": not a regular file (" + std::string(type_name(mode)) + ")";
}

Result<int> open_regular_file(const std::string& path, struct stat& status) {
    // O_NOATIME where the file is ours: each read would otherwise look at the access time again.
    constexpr int flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY;
    int fd = ::open(path.c_str(), flags | O_NOATIME);
    if (fd < 0 && errno == EPERM) fd = ::open(path.c_str(), flags);
    if (fd < 0) return system_error(path, "cannot open");
    errno = 0;  // a refusal below is no system error (the EPERM of O_NOATIME is none either)
    if (fstat(fd, &status) != 0) {
        Error error = system_error(path, "cannot stat");
        close(fd);
        return error;
    }
    if (!S_ISREG(status.st_mode)) {
        close(fd);
        return Error{not_regular_file(path, status.st_mode)};
    }
    return fd;
}

Result<std::string> read_text_file(const std::string& path, std::uint64_t limit, std::string_view what, int* errno_out) {
    if (errno_out) *errno_out = 0;
    if (path == "-") return read_bounded(STDIN_FILENO, "standard input", limit, what.empty() ? "standard input" : what, 0, errno_out);
    struct stat st {};
    const Result<int> fd = open_regular_file(path, st);
    if (!fd) {
        if (errno_out) *errno_out = errno;
        return fd.error();
    }
    // A file of /proc or /sys says 0 or 4096 whatever it holds: only its reading tells.
    const bool pseudo = is_pseudo_file(*fd);
    if (!pseudo && static_cast<std::uint64_t>(st.st_size) > limit) {
        close(*fd);
        return Error{(what.empty() ? path : std::string(what)) + " is larger than " + size_text(limit)};
    }
    Result<std::string> text = read_bounded(*fd, path, limit, what, pseudo ? 0 : static_cast<std::uint64_t>(st.st_size), errno_out);
    close(*fd);
    return text;
}

ReadMemory::ReadMemory(ReadMemory&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      reserved_(std::exchange(other.reserved_, 0)),
      chunks_(std::move(other.chunks_)),
      chunk_count_(std::exchange(other.chunk_count_, 0)) {}

ReadMemory::~ReadMemory() {
    if (data_ != nullptr) munmap(data_, reserved_);
}

Result<FileBytes> FileBytes::open(const std::string& path, ReadMemory* memory) {
    struct stat st {};
    const Result<int> opened = open_regular_file(path, st);
    if (!opened) return opened.error();
    const int fd = *opened;
    std::string pseudo;
    const bool whole = is_pseudo_file(fd);
    if (whole) {
        auto content = read_bounded(fd, path, input_limit::pseudo_file, path + ": a file of /proc or /sys", 0, nullptr);
        if (!content) {
            close(fd);
            return content.error();
        }
        pseudo = std::move(*content);
    }
    const auto size = whole ? static_cast<std::uint64_t>(pseudo.size()) : static_cast<std::uint64_t>(st.st_size);
    char* data = nullptr;
    if (memory != nullptr && size > 0 && memory->reserved_ < reserved_size(size)) {
        if (memory->data_ != nullptr) munmap(memory->data_, memory->reserved_);
        memory->data_ = reserve(size);
        memory->reserved_ = memory->data_ != nullptr ? reserved_size(size) : 0;
    }
    if (size > 0) {
        data = memory != nullptr ? memory->data_ : reserve(size);
        if (data == nullptr) {
            Error error = system_error(path, "cannot reserve " + std::to_string(size) + " bytes of address space to read it");
            close(fd);
            return error;
        }
    }
    FileBytes bytes(path, fd, data, size, mtime_ns(st), memory);
    if (whole) {  // all present, and changed() has nothing to compare: this read is the file
        if (size > 0) std::memcpy(data, pseudo.data(), pseudo.size());
        for (std::uint64_t chunk = 0; chunk <= (size >> bytes.chunk_shift_); ++chunk) bytes.chunks_[chunk].store(kPresent);
        bytes.whole_ = true;
    }
    return bytes;
}

FileBytes::FileBytes(std::string path, int fd, char* data, std::uint64_t size, std::int64_t mtime, ReadMemory* memory)
    : path_(std::move(path)), fd_(fd), data_(data), size_(size), mtime_ns_(mtime), chunk_shift_(chunk_shift_for(size)), memory_(memory) {
    const std::uint64_t count = (size_ >> chunk_shift_) + 1;
    if (memory_ == nullptr) {
        own_chunks_ = std::make_unique<std::atomic<std::uint8_t>[]>(count);  // all kAbsent
        chunks_ = own_chunks_.get();
        return;
    }
    if (memory_->chunk_count_ < count) {
        memory_->chunks_ = std::make_unique<std::atomic<std::uint8_t>[]>(count);
        memory_->chunk_count_ = count;
    }
    chunks_ = memory_->chunks_.get();
    for (std::uint64_t chunk = 0; chunk < count; ++chunk) chunks_[chunk].store(kAbsent, std::memory_order_relaxed);
}

FileBytes::FileBytes(FileBytes&& other) noexcept
    : path_(std::move(other.path_)),
      fd_(std::exchange(other.fd_, -1)),
      data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      mtime_ns_(other.mtime_ns_),
      chunk_shift_(other.chunk_shift_),
      memory_(other.memory_),
      own_chunks_(std::move(other.own_chunks_)),
      chunks_(std::exchange(other.chunks_, nullptr)),
      whole_(other.whole_),
      short_read_(other.short_read_.load()) {}

FileBytes::~FileBytes() {
    if (data_ != nullptr && memory_ == nullptr) munmap(data_, reserved_size(size_));
    if (fd_ >= 0) close(fd_);
}

void FileBytes::read_range(std::uint64_t offset, std::uint64_t length) const {
    const std::uint64_t last = std::min(offset + length - 1, size_ - 1) >> chunk_shift_;
    for (std::uint64_t chunk = offset >> chunk_shift_; chunk <= last;) {
        std::uint8_t state = kAbsent;
        if (!chunks_[chunk].compare_exchange_strong(state, kReading, std::memory_order_acquire)) {
            if (state == kPresent) ++chunk;
            else std::this_thread::yield();  // the other scan thread is reading it
            continue;
        }
        // Claim the absent chunks that follow, to read them in one call.
        std::uint64_t end = chunk + 1;
        for (std::uint8_t absent = kAbsent;
             end <= last && chunks_[end].compare_exchange_strong(absent, kReading, std::memory_order_acquire);
             absent = kAbsent)
            ++end;
        const std::uint64_t at = chunk << chunk_shift_;
        read_at(data_ + at, at, std::min(end << chunk_shift_, size_) - at);
        for (; chunk < end; ++chunk) chunks_[chunk].store(kPresent, std::memory_order_release);
    }
}

void FileBytes::read_at(char* to, std::uint64_t offset, std::uint64_t length) const {
    for (std::uint64_t done = 0; done < length;) {
        const ssize_t got = pread(fd_, to + done, length - done, static_cast<off_t>(offset + done));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {  // the file got shorter, or cannot be read: the rest reads as zeros
            short_read_.store(true);
            std::memset(to + done, 0, length - done);
            return;
        }
        done += static_cast<std::uint64_t>(got);
    }
}

std::string_view FileBytes::read_into(std::uint64_t offset, std::uint64_t length, std::string& scratch) const {
    const std::uint64_t last = length == 0 ? 0 : (offset + length - 1) >> chunk_shift_;
    bool present = true;
    for (std::uint64_t chunk = offset >> chunk_shift_; present && length > 0 && chunk <= last; ++chunk)
        present = chunks_[chunk].load(std::memory_order_acquire) == kPresent;
    if (present) return bytes().substr(offset, length);
    if (scratch.size() < length) scratch.resize(length);
    read_at(scratch.data(), offset, length);
    return std::string_view(scratch).substr(0, length);
}

std::string FileBytes::changed() const {
    if (whole_) return {};
    if (short_read_.load()) return "it became shorter while it was read";
    struct stat st {};
    if (fstat(fd_, &st) != 0) return "cannot stat it again: " + std::string(std::strerror(errno));
    if (static_cast<std::uint64_t>(st.st_size) != size_)
        return "its size changed from " + std::to_string(size_) + " to " + std::to_string(st.st_size) + " bytes while it was read";
    if (mtime_ns(st) != mtime_ns_) return "it was modified while it was read";
    return {};
}

}  // namespace cudaarch::binary
