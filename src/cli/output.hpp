// SPDX-License-Identifier: Apache-2.0
// Where the commands write their text. Not a std::ostream: any stream, and <iostream>'s static
// initialiser, builds libstdc++'s locale and all its facets, which costs more time and memory
// than the rest of `cudaarch inspect` on a small library (docs/bench.md).
#pragma once

#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

#include "cudaarch/text.hpp"

namespace cudaarch::cli {

class Output {
public:
    // When text written to a file descriptor leaves: in blocks of kBlock bytes (stdout), or at
    // every text that ends a line (stderr, whose lines then come out as they are written).
    enum class Buffering { blocks, lines };
    static constexpr std::size_t kBlock = 64 << 10;

    // Keeps the text in memory for text(): for tests and the fuzz target.
    Output() = default;
    // Writes to `fd` with write(2). `flushed_first` is flushed before each of this one's writes,
    // so stderr's lines follow the stdout text written before them, as they would on a terminal.
    // With Controls::escaped every control byte but line feed and tab is written as an escape
    // (text::escape): stderr's messages echo file names and specs, which must never reach a
    // terminal raw, whichever message forgot to quote them.
    enum class Controls { raw, escaped };
    explicit Output(int fd, Buffering buffering = Buffering::blocks, Output* flushed_first = nullptr,
                    Controls controls = Controls::raw);
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;
    ~Output() { flush(); }

    Output& operator<<(std::string_view text) {
        // The escaping is out of line: inlined, it kept the compiler from inlining this, which
        // every table cell goes through (inspect wrote its tables 60% slower, docs/bench.md).
        if (controls_ == Controls::raw) buffer_.append(text);
        else append_escaped(text);
        if (fd_ >= 0 && (buffer_.size() >= kBlock || (buffering_ == Buffering::lines && !text.empty() && text.back() == '\n')))
            flush();
        return *this;
    }
    Output& operator<<(const char* text) { return *this << std::string_view(text); }
    Output& operator<<(char c) { return *this << std::string_view(&c, 1); }
    // Decimal, as a stream writes it. bool and the character types are left out: a stream
    // writes them as words or characters, and none of the commands needs that.
    template <class Integer, std::enable_if_t<std::is_integral_v<Integer> && !std::is_same_v<Integer, bool> &&
                                                  !std::is_same_v<Integer, char> && !std::is_same_v<Integer, signed char> &&
                                                  !std::is_same_v<Integer, unsigned char>,
                                              int> = 0>
    Output& operator<<(Integer value) {
        char digits[24];
        const char* end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        return *this << std::string_view(digits, static_cast<std::size_t>(end - digits));
    }
    Output& operator<<(bool) = delete;

    // Writes what is buffered; false once any write has failed (see error()). A collecting
    // Output keeps its text and returns true.
    bool flush();
    // The errno of the first failed write (ENOSPC, EPIPE, EBADF, ...), or 0. Text after a
    // failure is dropped: what reached the descriptor is already incomplete.
    [[nodiscard]] int error() const { return error_; }
    // True once any text was written, flushed or not.
    [[nodiscard]] bool wrote() const { return flushed_ > 0 || !buffer_.empty(); }
    // A collecting Output's text.
    [[nodiscard]] const std::string& text() const { return buffer_; }

private:
    void append_escaped(std::string_view text);

    int fd_ = -1;  // -1: collecting
    Buffering buffering_ = Buffering::blocks;
    Output* flushed_first_ = nullptr;
    Controls controls_ = Controls::raw;
    int error_ = 0;
    std::size_t flushed_ = 0;  // bytes handed to write(2)
    std::string buffer_;
};

}  // namespace cudaarch::cli
