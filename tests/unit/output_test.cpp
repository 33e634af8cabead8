// SPDX-License-Identifier: Apache-2.0
// cli::Output, the commands' writer: the text as a stream would write it, in blocks, and every
// way a write can fail remembered for main's "cannot write to standard output".
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <string>

#include "cli/output.hpp"

namespace {

using cudaarch::cli::Output;

// A file of its own, removed at the end, whose bytes can be read back.
class TempFile {
public:
    TempFile() : path_(::testing::TempDir() + "cudaarch_output_test_XXXXXX") { fd_ = mkstemp(path_.data()); }
    ~TempFile() {
        close(fd_);
        unlink(path_.c_str());
    }
    [[nodiscard]] int fd() const { return fd_; }
    [[nodiscard]] std::string bytes() const {
        std::string text(static_cast<std::size_t>(lseek(fd_, 0, SEEK_END)), '\0');
        EXPECT_EQ(pread(fd_, text.data(), text.size(), 0), static_cast<ssize_t>(text.size()));
        return text;
    }

private:
    std::string path_;
    int fd_;
};

// Ignores a signal for one scope, as a shell that ignores SIGPIPE would.
class Ignored {
public:
    explicit Ignored(int signal) : signal_(signal) { previous_ = std::signal(signal, SIG_IGN); }
    ~Ignored() { std::signal(signal_, previous_); }

private:
    int signal_;
    void (*previous_)(int);
};

TEST(Output, WritesWhatAStreamWould) {
    Output out;
    out << "text " << std::string("string ") << std::string_view("view ") << 'c' << ' ' << 0 << ' ' << -42 << ' '
        << INT_MIN << ' ' << std::uint64_t{18446744073709551615u} << ' ' << std::size_t{7} << ' ' << short{-3} << ' '
        << static_cast<unsigned short>(65535) << ' ' << 4000000000u << ' ' << -9223372036854775807LL - 1;
    EXPECT_EQ(out.text(),
              "text string view c 0 -42 -2147483648 18446744073709551615 7 -3 65535 4000000000 -9223372036854775808");
    EXPECT_TRUE(out.flush());  // a collecting Output keeps its text
    EXPECT_EQ(out.text().substr(0, 5), "text ");
}

TEST(Output, WritesInBlocksAndAtTheEnd) {
    TempFile file;
    {
        Output out(file.fd());
        const std::string line(1000, 'x');
        std::size_t written = 0;
        while (written + line.size() < Output::kBlock) {
            out << line;
            written += line.size();
        }
        EXPECT_EQ(file.bytes(), "");  // under a block: nothing written yet
        out << line;                   // past it: the block goes out
        EXPECT_EQ(file.bytes().size(), written + line.size());
        out << "end\n";
        EXPECT_EQ(file.bytes().size(), written + line.size());
    }  // and the rest at the end
    EXPECT_EQ(file.bytes().substr(file.bytes().size() - 5), "xend\n");
}

TEST(Output, LinesFollowTheTextWrittenBeforeThem) {
    TempFile file;
    Output out(file.fd());
    Output err(file.fd(), Output::Buffering::lines, &out);
    out << "out 1\n";
    err << "err ";
    EXPECT_EQ(file.bytes(), "");  // a line is written when it ends
    err << "1\n";
    out << "out 2\n";
    EXPECT_EQ(file.bytes(), "out 1\nerr 1\n");
    EXPECT_TRUE(out.flush());
    EXPECT_EQ(file.bytes(), "out 1\nerr 1\nout 2\n");
}

TEST(Output, AFullDeviceIsAnError) {
    const int fd = open("/dev/full", O_WRONLY | O_CLOEXEC);
    if (fd < 0) GTEST_SKIP() << "no /dev/full";
    {
        Output out(fd);
        out << "text\n";
        EXPECT_EQ(out.error(), 0);
        EXPECT_FALSE(out.flush());
        EXPECT_EQ(out.error(), ENOSPC);
    }
    close(fd);
}

TEST(Output, APipeWithoutReaderIsAnErrorThatStays) {
    const Ignored sigpipe(SIGPIPE);
    int ends[2];
    ASSERT_EQ(pipe(ends), 0);
    close(ends[0]);
    Output out(ends[1]);
    out << "lost\n";
    EXPECT_FALSE(out.flush());
    EXPECT_EQ(out.error(), EPIPE);
    out << "also lost\n";
    EXPECT_FALSE(out.flush());
    EXPECT_EQ(out.error(), EPIPE);
    close(ends[1]);
}

// A write that the kernel takes only in part (here: up to the file size limit) goes on with
// the rest, whose failure is then the error.
TEST(Output, AShortWriteGoesOnWithTheRest) {
    const Ignored sigxfsz(SIGXFSZ);
    rlimit limit{};
    ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &limit), 0);
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < 100) GTEST_SKIP() << "file size limit below 100 bytes";
    TempFile file;
    {
        Output out(file.fd());
        out << std::string(150, 'x');
        rlimit small = limit;
        small.rlim_cur = 100;
        ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
        const bool flushed = out.flush();
        setrlimit(RLIMIT_FSIZE, &limit);
        EXPECT_FALSE(flushed);
        EXPECT_EQ(out.error(), EFBIG);
    }
    EXPECT_EQ(file.bytes(), std::string(100, 'x'));
}

// The one escaping helper: every control byte as an escape, long values cut with their length.
TEST(Escape, ControlBytesBecomeEscapes) {
    EXPECT_EQ(cudaarch::text::escape("a\x1b]0;t\x07\x1b[2J\r\n\tb\x7f"), "a\\e]0;t\\x07\\e[2J\\r\\n\\tb\\x7f");
    EXPECT_EQ(cudaarch::text::escape("line\n\tnext\x1b", true), "line\n\tnext\\e");
    EXPECT_EQ(cudaarch::text::escape("caf\xc3\xa9 sm_90"), "caf\xc3\xa9 sm_90");  // UTF-8 stays
    EXPECT_EQ(cudaarch::text::quote(std::string(131000, '7')), "'" + std::string(60, '7') + "...' (131000 bytes)");
    EXPECT_EQ(cudaarch::text::quote("k\x1b[2J.o"), "'k\\e[2J.o'");
}

TEST(Output, EscapedControlsKeepLinesAndEscapeTheRest) {
    TempFile file;
    {
        Output err(file.fd(), Output::Buffering::lines, nullptr, Output::Controls::escaped);
        err << "cudaarch: error: k\x1b]0;owned\x07.o: cannot read\n";
    }
    EXPECT_EQ(file.bytes(), "cudaarch: error: k\\e]0;owned\\x07.o: cannot read\n");
}

}  // namespace
