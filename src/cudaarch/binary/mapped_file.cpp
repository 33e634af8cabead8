#include "cudaarch/binary/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace cudaarch::binary {

namespace {

Error system_error(const std::string& path, std::string_view what) {
    return Error{path + ": " + std::string(what) + ": " + std::strerror(errno)};
}

std::uintptr_t page_size() {
    static const auto size = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    return size;
}

}  // namespace

Result<MappedFile> MappedFile::open(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return system_error(path, "cannot open");
    struct stat st {};
    if (fstat(fd, &st) != 0) {
        Error error = system_error(path, "cannot stat");
        close(fd);
        return error;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return Error{path + ": not a regular file"};
    }
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size == 0) {
        close(fd);
        return MappedFile(nullptr, 0);  // mmap rejects empty mappings
    }
    void* data = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    Error error = data == MAP_FAILED ? system_error(path, "cannot map") : Error{};
    close(fd);  // the mapping keeps the file open
    if (data == MAP_FAILED) return error;
    return MappedFile(static_cast<const char*>(data), size);
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
    if (this != &other) {
        if (data_ != nullptr) munmap(const_cast<char*>(data_), size_);
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

MappedFile::~MappedFile() {
    if (data_ != nullptr) munmap(const_cast<char*>(data_), size_);
}

void MappedFile::release(std::string_view range) const {
    const auto mask = page_size() - 1;
    const auto begin = (reinterpret_cast<std::uintptr_t>(range.data()) + mask) & ~mask;
    const auto end = (reinterpret_cast<std::uintptr_t>(range.data()) + range.size()) & ~mask;
    // MADV_DONTNEED on a read-only private file mapping only drops page-table entries.
    if (begin < end) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

}  // namespace cudaarch::binary
