// SPDX-License-Identifier: Apache-2.0
// The dynamic loader's search as check follows it (loaded_libraries.hpp), on ELF files and an
// ld.so.cache generated here: the order of DT_RPATH, LD_LIBRARY_PATH, DT_RUNPATH, the cache and
// the default folders; $ORIGIN; candidates of another machine passed over; DF_1_NODEFLIB; each
// library once. And the readers of untrusted bytes: the dynamic section, the cache, the maps.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <algorithm>
#include <string>
#include <vector>

#include "cudaarch/binary/elf_dynamic.hpp"
#include "cudaarch/ld_so_cache.hpp"
#include "cudaarch/loaded_libraries.hpp"
#include "cudaarch/process.hpp"
#include "temp_folder.hpp"

namespace {

namespace fs = std::filesystem;
using namespace cudaarch;

void put(std::string& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out += static_cast<char>((value >> (8 * i)) & 0xff);
}

struct ElfSpec {
    std::vector<std::string> needed;
    std::string rpath, runpath, soname;  // empty: absent
    std::uint64_t flags_1 = 0;
    std::uint16_t machine = 62;  // x86-64
};

// A minimal 64-bit shared object: the ELF header, PT_LOAD over the file, PT_DYNAMIC, the dynamic
// strings and entries. No sections: the loader reads none.
std::string make_elf(const ElfSpec& spec) {
    constexpr std::uint64_t base = 0x400000, strings_at = 64 + 2 * 56;
    std::string strings(1, '\0');
    const auto add = [&](const std::string& s) {
        const std::uint64_t at = strings.size();
        strings += s + '\0';
        return at;
    };
    std::vector<std::pair<std::uint64_t, std::uint64_t>> dynamic;
    for (const std::string& name : spec.needed) dynamic.push_back({1, add(name)});
    if (!spec.rpath.empty()) dynamic.push_back({15, add(spec.rpath)});
    if (!spec.runpath.empty()) dynamic.push_back({29, add(spec.runpath)});
    if (!spec.soname.empty()) dynamic.push_back({14, add(spec.soname)});
    if (spec.flags_1) dynamic.push_back({0x6ffffffb, spec.flags_1});
    while (strings.size() % 8) strings += '\0';
    dynamic.push_back({5, base + strings_at});
    dynamic.push_back({10, strings.size()});
    dynamic.push_back({0, 0});
    const std::uint64_t dynamic_at = strings_at + strings.size(), size = dynamic_at + dynamic.size() * 16;
    std::string elf = "\x7f" "ELF";
    elf += std::string("\x02\x01\x01", 3);
    elf.resize(16, '\0');
    put(elf, 3, 2), put(elf, spec.machine, 2), put(elf, 1, 4), put(elf, 0, 8), put(elf, 64, 8), put(elf, 0, 8);
    put(elf, 0, 4), put(elf, 64, 2), put(elf, 56, 2), put(elf, 2, 2), put(elf, 64, 2), put(elf, 0, 2), put(elf, 0, 2);
    for (const auto& [type, offset, length] : {std::tuple<std::uint32_t, std::uint64_t, std::uint64_t>{1, 0, size}, std::tuple<std::uint32_t, std::uint64_t, std::uint64_t>{2, dynamic_at, size - dynamic_at}}) {
        put(elf, type, 4), put(elf, 4, 4), put(elf, offset, 8), put(elf, base + offset, 8), put(elf, base + offset, 8);
        put(elf, length, 8), put(elf, length, 8), put(elf, 8, 8);
    }
    elf += strings;
    for (const auto& [tag, value] : dynamic) put(elf, tag, 8), put(elf, value, 8);
    return elf;
}

// An ld.so.cache in glibc's new format with `entries` (name, path, flags).
std::string make_cache(const std::vector<std::tuple<std::string, std::string, std::uint32_t>>& entries) {
    std::string header = "glibc-ld.so.cache1.1";
    std::string strings;
    const std::uint64_t strings_at = 48 + 24 * entries.size();
    std::string table;
    for (const auto& [name, path, flags] : entries) {
        put(table, flags, 4);
        put(table, strings_at + strings.size(), 4);
        strings += name + '\0';
        put(table, strings_at + strings.size(), 4);
        strings += path + '\0';
        put(table, 0, 4), put(table, 0, 8);
    }
    put(header, entries.size(), 4), put(header, strings.size(), 4);
    header.resize(48, '\0');
    return header + table + strings;
}

class Loader : public TempFolder {
protected:
    [[nodiscard]] std::string dir(const std::string& relative) const { return path(relative); }

    // name -> (path found, how) for the program.
    std::vector<std::string> load(const std::string& program, const LoaderSearch& search) {
        const Result<LoadedProgram> loaded = loaded_libraries(program, search);
        EXPECT_TRUE(loaded) << (loaded ? "" : loaded.error().message);
        std::vector<std::string> lines;
        if (!loaded) return lines;
        for (const LoadedLibrary& l : loaded->libraries) {
            std::string found = l.path;
            if (found.compare(0, root_.string().size(), root_.string()) == 0) found = "<root>" + found.substr(root_.string().size());
            lines.push_back(l.name + " " + (found.empty() ? "not found" : found + " (" + l.found_by + ")"));
        }
        for (const std::string& note : loaded->notes) lines.push_back("note: " + note.substr(note.find(" entry ")));
        return lines;
    }
};

TEST_F(Loader, RunpathComesAfterLdLibraryPathAndRpathBefore) {
    const std::string lib = make_elf({});
    write("rpath/liba.so", lib);
    write("env/liba.so", lib);
    write("env/libb.so", lib);
    write("runpath/libb.so", lib);
    const std::string with_rpath = write("app_rpath", make_elf({{"liba.so"}, "$ORIGIN/rpath"}));
    const std::string with_runpath = write("app_runpath", make_elf({{"libb.so"}, "", "${ORIGIN}/runpath"}));
    LoaderSearch search;
    search.ld_library_path = dir("env");
    EXPECT_EQ(load(with_rpath, search), std::vector<std::string>{"liba.so <root>/rpath/liba.so (DT_RPATH)"});
    EXPECT_EQ(load(with_runpath, search), std::vector<std::string>{"libb.so <root>/env/libb.so (LD_LIBRARY_PATH)"});
    search.ld_library_path.clear();
    EXPECT_EQ(load(with_runpath, search), std::vector<std::string>{"libb.so <root>/runpath/libb.so (DT_RUNPATH)"});
}

TEST_F(Loader, RpathIsIgnoredBesideRunpathAndInheritedOnlyWithoutIt) {
    write("exe_rpath/libdep.so", make_elf({}));
    // The executable's DT_RPATH serves its libraries' needs, unless the needing library has DT_RUNPATH.
    write("lib/libmid.so", make_elf({{"libdep.so"}}));
    write("lib/libmid2.so", make_elf({{"libdep.so"}, "", "/nonexistent"}));
    const std::string app = write("app", make_elf({{"libmid.so"}, "$ORIGIN/lib:$ORIGIN/exe_rpath"}));
    const std::string app2 = write("app2", make_elf({{"libmid2.so"}, "$ORIGIN/lib:$ORIGIN/exe_rpath"}));
    const std::string both = write("app3", make_elf({{"libmid.so"}, "$ORIGIN/lib", "/nonexistent"}));
    LoaderSearch search;
    EXPECT_EQ(load(app, search), (std::vector<std::string>{"libmid.so <root>/lib/libmid.so (DT_RPATH)",
                                                            "libdep.so <root>/exe_rpath/libdep.so (DT_RPATH)"}));
    EXPECT_EQ(load(app2, search), (std::vector<std::string>{"libmid2.so <root>/lib/libmid2.so (DT_RPATH)",
                                                             "libdep.so not found"}));
    EXPECT_EQ(load(both, search), std::vector<std::string>{"libmid.so not found"});
}

TEST_F(Loader, CacheThenDefaultFoldersUnlessNodeflib) {
    write("cached/libc1.so", make_elf({}));
    write("default/libc1.so", make_elf({}));
    write("default/libd1.so", make_elf({}));
    const std::string cache = make_cache({{"libc1.so", dir("cached/libc1.so"), 0x0303}});
    const Result<std::vector<LdCacheEntry>> entries = parse_ld_so_cache("cache", cache);
    ASSERT_TRUE(entries) << entries.error().message;
    LoaderSearch search;
    search.cache = *entries;
    search.default_dirs = {dir("default")};
    const std::string app = write("app", make_elf({{"libc1.so", "libd1.so"}}));
    EXPECT_EQ(load(app, search), (std::vector<std::string>{"libc1.so <root>/cached/libc1.so (ld.so.cache)",
                                                            "libd1.so <root>/default/libd1.so (default folder)"}));
    // The cache's file outside the default folders stays (NodeflibKeepsTheCachesFilesOutsideTheDefaultFolders).
    const std::string nodeflib = write("app_nodeflib", make_elf({{"libc1.so", "libd1.so"}, "", "", "", 0x800}));
    EXPECT_EQ(load(nodeflib, search), (std::vector<std::string>{"libc1.so <root>/cached/libc1.so (ld.so.cache)",
                                                                 "libd1.so not found"}));
}

TEST_F(Loader, PassesOverOtherMachinesAndLoadsEachLibraryOnce) {
    write("a/libx.so", make_elf({{}, "", "", "", 0, 183}));  // aarch64: passed over
    write("b/libx.so", make_elf({{"liby.so"}, "", "", "libx.so"}));
    write("b/liby.so", make_elf({{"libx.so"}}));
    write("b/libz.so", make_elf({}));
    std::filesystem::create_symlink(dir("b/libz.so"), dir("b/libz.so.1"));
    const std::string app = write("app", make_elf({{"libx.so", "libz.so", "libz.so.1", "liby.so"}, "$ORIGIN/a:$ORIGIN/b"}));
    LoaderSearch search;
    EXPECT_EQ(load(app, search), (std::vector<std::string>{"libx.so <root>/b/libx.so (DT_RPATH)",
                                                            "libz.so <root>/b/libz.so (DT_RPATH)",
                                                            "liby.so <root>/b/liby.so (DT_RPATH)"}));
}

TEST_F(Loader, PathNamesAndUnexpandedTokens) {
    write("sub/libp.so", make_elf({}));
    const std::string app = write("app", make_elf({{"$ORIGIN/sub/libp.so", "libq.so"}, "/opt/$LIB:$ORIGIN/$PLATFORM/x"}));
    LoaderSearch search;
    EXPECT_EQ(load(app, search),
              (std::vector<std::string>{"$ORIGIN/sub/libp.so <root>/sub/libp.so (path)", "libq.so not found",
                                        "note:  entry '/opt/$LIB' is not searched: cudaarch does not expand $LIB (its "
                                        "value depends on how the C library was built)",
                                        "note:  entry '$ORIGIN/$PLATFORM/x' is not searched: cudaarch does not expand $PLATFORM"}));
    search.platform = "x86_64";
    write("x86_64/x/libq.so", make_elf({}));
    EXPECT_EQ(load(app, search),
              (std::vector<std::string>{"$ORIGIN/sub/libp.so <root>/sub/libp.so (path)",
                                        "libq.so <root>/x86_64/x/libq.so (DT_RPATH)",
                                        "note:  entry '/opt/$LIB' is not searched: cudaarch does not expand $LIB (its "
                                        "value depends on how the C library was built)"}));
}

// $PLATFORM is glibc's value, which ld.so's diagnostics give (haswell on an x86-64 Intel CPU with
// AVX2 under glibc 2.36, where the kernel's AT_PLATFORM, which check took, is x86_64).
TEST(LoaderPlatform, DlPlatformOfLdSoDiagnostics) {
    EXPECT_EQ(diagnostics_platform("env[0x0]=\"X=1\"\ndl_pagesize=0x1000\ndl_platform=\"haswell\"\ndl_string_platform=0x32\n"),
              "haswell");
    EXPECT_EQ(diagnostics_platform("x_dl_platform=\"no\"\n"), "");
    EXPECT_EQ(diagnostics_platform("dl_platform=\"cut\n"), "");
    EXPECT_EQ(diagnostics_platform(""), "");
}

TEST(LoaderPlatform, TheSearchsPlatformIsLdSos) {
    const std::string ld_so = "/lib64/ld-linux-x86-64.so.2";
    const Result<ProcessOutput> asked = run_process({ld_so, "--list-diagnostics"});
    if (!asked || asked->exit_code != 0) GTEST_SKIP() << ld_so << " --list-diagnostics gives nothing here";
    EXPECT_EQ(environment_loader_search().platform, diagnostics_platform(asked->out));
    EXPECT_FALSE(environment_loader_search().platform.empty());
}

// ld.so ignores an empty LD_LIBRARY_PATH, DT_RPATH or DT_RUNPATH string; an empty entry of a
// non-empty one ("a::b", a trailing ':') is the current folder (issue 46: check searched the
// current folder for the empty strings, before the program's own DT_RUNPATH).
TEST_F(Loader, EmptyPathsAreNoFolderAndEmptyEntriesTheCurrentFolder) {
    const std::string lib = make_elf({});
    write("here/libe.so", lib);
    write("runpath/libe.so", lib);
    const std::string app = write("app", make_elf({{"libe.so"}, "", "$ORIGIN/runpath"}));
    const std::string empty_rpath = write("app_empty_rpath", make_elf({{"libe.so"}, ":"}));
    const std::string empty_runpath = write("app_empty_runpath", make_elf({{"libe.so"}, "", "$ORIGIN/none:"}));
    const std::string here = fs::current_path().string();
    fs::current_path(dir("here"));
    LoaderSearch search;
    search.ld_library_path = "";
    EXPECT_EQ(load(app, search), std::vector<std::string>{"libe.so <root>/runpath/libe.so (DT_RUNPATH)"});
    search.ld_library_path = "/nonexistent:";
    EXPECT_EQ(load(app, search), std::vector<std::string>{"libe.so libe.so (LD_LIBRARY_PATH)"});
    search.ld_library_path = "";
    EXPECT_EQ(load(empty_rpath, search), std::vector<std::string>{"libe.so libe.so (DT_RPATH)"});
    EXPECT_EQ(load(empty_runpath, search), std::vector<std::string>{"libe.so libe.so (DT_RUNPATH)"});
    fs::current_path(here);
}

// Written as an empty DT_RPATH and DT_RUNPATH: the ELF writer leaves out empty strings, so
// these are made with a placeholder and cut to "" in the file.
TEST_F(Loader, AnEmptyRpathOrRunpathStringIsNoFolder) {
    write("here/libe.so", make_elf({}));
    const auto emptied = [](std::string elf) {
        const std::size_t at = elf.find("@@@@");
        elf.replace(at, 4, std::string(4, '\0'));
        return elf;
    };
    const std::string rpath = write("app_rpath", emptied(make_elf({{"libe.so"}, "@@@@"})));
    const std::string runpath = write("app_runpath", emptied(make_elf({{"libe.so"}, "", "@@@@"})));
    const std::string here = fs::current_path().string();
    fs::current_path(dir("here"));
    EXPECT_EQ(load(rpath, LoaderSearch{}), std::vector<std::string>{"libe.so not found"});
    EXPECT_EQ(load(runpath, LoaderSearch{}), std::vector<std::string>{"libe.so not found"});
    fs::current_path(here);
}

TEST_F(Loader, LibExpandsToTheCLibrarysFolder) {
    write("lib/x86_64-linux-gnu/libl.so", make_elf({}));
    const std::string app = write("app", make_elf({{"libl.so"}, "$ORIGIN/$LIB"}));
    LoaderSearch search;
    search.lib = "lib/x86_64-linux-gnu";
    EXPECT_EQ(load(app, search), std::vector<std::string>{"libl.so <root>/lib/x86_64-linux-gnu/libl.so (DT_RPATH)"});
}

// A candidate that is not ELF stops ld.so ("invalid ELF header", "file too short"): the
// program does not start, and nothing after it is loaded. One of another class is passed over.
TEST_F(Loader, AFileThatIsNotElfStopsTheLoaderAndAnotherClassIsPassedOver) {
    std::string other_class = make_elf({});
    other_class[4] = '\x01';
    write("a/libs.so", other_class);
    write("b/libs.so", make_elf({{"libt.so"}}));
    write("b/libt.so", "not ELF, but long enough to hold an ELF header: 64 bytes and more, as here");
    write("c/libt.so", make_elf({}));
    write("c/libu.so", make_elf({}));
    const std::string app = write("app", make_elf({{"libs.so", "libu.so"}, "$ORIGIN/a:$ORIGIN/b:$ORIGIN/c"}));
    const Result<LoadedProgram> loaded = loaded_libraries(app, LoaderSearch{});
    ASSERT_TRUE(loaded) << loaded.error().message;
    ASSERT_EQ(loaded->libraries.size(), 3u);
    EXPECT_EQ(loaded->libraries[0].path, dir("b/libs.so"));
    EXPECT_EQ(loaded->libraries[1].path, dir("c/libu.so"));
    EXPECT_EQ(loaded->libraries[2].path, "");
    EXPECT_EQ(loaded->libraries[2].stops, dir("b/libt.so"));
    EXPECT_EQ(loaded->libraries[2].stop_reason, "invalid ELF header");
    write("b/libt.so", "short");
    EXPECT_EQ(loaded_libraries(app, LoaderSearch{})->libraries[2].stop_reason, "file too short");
}

// -z nodeflib: ld.so passes over the cache's files in the default folders, not its others.
TEST_F(Loader, NodeflibKeepsTheCachesFilesOutsideTheDefaultFolders) {
    write("default/libn.so", make_elf({}));
    write("cuda/libm.so", make_elf({}));
    const Result<std::vector<LdCacheEntry>> entries = parse_ld_so_cache(
        "cache", make_cache({{"libn.so", dir("default/libn.so"), 0x0303}, {"libm.so", dir("cuda/libm.so"), 0x0303}}));
    ASSERT_TRUE(entries) << entries.error().message;
    LoaderSearch search;
    search.cache = *entries;
    search.default_dirs = {dir("default")};
    const std::string app = write("app", make_elf({{"libn.so", "libm.so"}, "", "", "", 0x800}));
    EXPECT_EQ(load(app, search), (std::vector<std::string>{"libn.so not found", "libm.so <root>/cuda/libm.so (ld.so.cache)"}));
}

// A name one object does not find is searched again for the next that needs it (ld.so marks
// the first one's as not loaded), with that object's own search path.
TEST_F(Loader, ANameNotFoundIsSearchedAgainForTheNextObjectThatNeedsIt) {
    write("lib/libv.so", make_elf({{"libw.so"}, "$ORIGIN/w"}));
    write("lib/w/libw.so", make_elf({}));
    const std::string app = write("app", make_elf({{"libw.so", "libv.so"}, "$ORIGIN/lib"}));
    EXPECT_EQ(load(app, LoaderSearch{}),
              (std::vector<std::string>{"libw.so not found", "libv.so <root>/lib/libv.so (DT_RPATH)",
                                        "libw.so <root>/lib/w/libw.so (DT_RPATH)"}));
}

// A library found through LD_LIBRARY_PATH names the file the search takes without it.
TEST_F(Loader, LdLibraryPathNamesTheCopyItShadows) {
    write("env/libx.so", make_elf({}));
    write("own/libx.so", make_elf({}));
    const std::string app = write("app", make_elf({{"libx.so"}, "", "$ORIGIN/own"}));
    LoaderSearch search;
    search.ld_library_path = dir("env");
    const Result<LoadedProgram> loaded = loaded_libraries(app, search);
    ASSERT_TRUE(loaded) << loaded.error().message;
    ASSERT_EQ(loaded->libraries.size(), 1u);
    EXPECT_EQ(loaded->libraries[0].path, dir("env/libx.so"));
    EXPECT_EQ(loaded->libraries[0].found_in, dir("env"));
    EXPECT_EQ(loaded->libraries[0].without_ld_library_path, dir("own/libx.so"));
    EXPECT_EQ(loaded->libraries[0].without_found_by, "DT_RUNPATH");
}

TEST_F(Loader, RejectsWhatIsNotAnElfFile) {
    const std::string text = write("script", "#!/bin/sh\n");
    const Result<LoadedProgram> loaded = loaded_libraries(text, LoaderSearch{});
    ASSERT_FALSE(loaded);
    EXPECT_EQ(loaded.error().message, text + ": not an ELF file the dynamic loader reads (64-bit little-endian)");
}

TEST(ElfDynamic, StringsOutsideTheTableAreErrors) {
    std::string elf = make_elf({{"liba.so"}});
    // DT_STRSZ is the second entry from the end; make it larger than the file.
    const std::size_t strsz_value = elf.size() - 2 * 16 + 8;
    for (int i = 0; i < 8; ++i) elf[strsz_value + i] = static_cast<char>(0x7f);
    const binary::Bytes bytes("x.so", elf);
    const Result<binary::Elf> header = binary::read_elf(bytes);
    ASSERT_TRUE(header) << header.error().message;
    const Result<binary::ElfDynamic> dynamic = binary::read_dynamic(bytes, *header);
    ASSERT_FALSE(dynamic);
    EXPECT_NE(dynamic.error().message.find("dynamic string table (DT_STRTAB, DT_STRSZ) lies outside the file"),
              std::string::npos)
        << dynamic.error().message;
    // Every truncation of a valid file is read or rejected, never read past its end.
    const std::string whole = make_elf({{"liba.so", "libb.so"}, "$ORIGIN", "", "libme.so"});
    for (std::size_t size = 0; size < whole.size(); ++size) {
        const binary::Bytes cut("x.so", std::string_view(whole).substr(0, size));
        const Result<binary::Elf> e = binary::read_elf(cut);
        if (e) static_cast<void>(binary::read_dynamic(cut, *e));
    }
}

TEST(ElfDynamic, ReadsLongStringsAndRejectsOneThatRunsPastTheTable) {
    // A name longer than the first windows a string is read in, after a short one.
    const std::string long_name = "lib" + std::string(1000, 'x') + ".so";
    std::string elf = make_elf({{"liba.so", long_name}, "", "", "libme.so"});
    const binary::Bytes bytes("x.so", elf);
    const Result<binary::Elf> header = binary::read_elf(bytes);
    ASSERT_TRUE(header) << header.error().message;
    const Result<binary::ElfDynamic> dynamic = binary::read_dynamic(bytes, *header);
    ASSERT_TRUE(dynamic) << dynamic.error().message;
    EXPECT_EQ(dynamic->needed, (std::vector<std::string>{"liba.so", long_name}));
    EXPECT_EQ(dynamic->soname, "libme.so");
    // DT_STRSZ cut inside the long name: it no longer ends in the table.
    const std::size_t strsz_value = elf.size() - 2 * 16 + 8;
    for (int i = 0; i < 8; ++i) elf[strsz_value + i] = static_cast<char>(i == 0 ? 200 : 0);
    const binary::Bytes cut("x.so", elf);
    const Result<binary::ElfDynamic> short_table = binary::read_dynamic(cut, binary::read_elf(cut).value());
    ASSERT_FALSE(short_table);
    EXPECT_EQ(short_table.error().message, "x.so: ELF dynamic string at 9 runs past the dynamic string table at offset 0xb0");
}

TEST(LdSoCache, ReadsEntriesAndLooksUpByMachine) {
    const std::string cache = make_cache({{"libcudart.so.13", "/arm/libcudart.so.13", 0x0a03},
                                          {"libcudart.so.13", "/x86/libcudart.so.13", 0x0303}});
    const Result<std::vector<LdCacheEntry>> entries = parse_ld_so_cache("ld.so.cache", cache);
    ASSERT_TRUE(entries) << entries.error().message;
    ASSERT_EQ(entries->size(), 2u);
    EXPECT_EQ(ld_cache_lookup(*entries, "libcudart.so.13", 62), "/x86/libcudart.so.13");
    EXPECT_EQ(ld_cache_lookup(*entries, "libcudart.so.13", 183), "/arm/libcudart.so.13");
    EXPECT_EQ(ld_cache_lookup(*entries, "libcudart.so.12", 62), "");
    // After the old format's table, 8-aligned, as ldconfig's compat format writes it.
    std::string old = "ld.so-1.7.0";
    old.resize(12, '\0');
    put(old, 1, 4);
    old += std::string(12, '\0');
    old.resize(32, '\0');
    const Result<std::vector<LdCacheEntry>> both = parse_ld_so_cache("ld.so.cache", old + cache);
    ASSERT_TRUE(both) << both.error().message;
    EXPECT_EQ(both->size(), 2u);
}

TEST(LdSoCache, RejectsCountsAndStringsPastTheEnd) {
    const std::string cache = make_cache({{"liba.so", "/a/liba.so", 0x0303}});
    const auto error = [](const std::string& bytes) {
        const Result<std::vector<LdCacheEntry>> r = parse_ld_so_cache("c", bytes);
        return r ? std::string("ok") : r.error().message;
    };
    EXPECT_EQ(error("garbage"), "c: not an ld.so.cache in glibc's format (no \"glibc-ld.so.cache1.1\") at offset 0x0");
    std::string many = cache;
    many[20] = '\x7f';
    EXPECT_EQ(error(many), "c: ld.so.cache table of 127 entries runs past the end of the file at offset 0x14");
    std::string far = cache;
    far[48 + 8] = '\x7f', far[48 + 9] = '\x7f';
    EXPECT_EQ(error(far), "c: ld.so.cache entry names a string past the end of the file at offset 0x30");
    for (std::size_t size = 0; size < cache.size(); ++size) static_cast<void>(error(cache.substr(0, size)));
}

TEST(LdSoCache, ReadsThisMachinesCache) {
    std::ifstream in("/etc/ld.so.cache", std::ios::binary);
    if (!in) GTEST_SKIP() << "no /etc/ld.so.cache";
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const Result<std::vector<LdCacheEntry>> entries = parse_ld_so_cache("/etc/ld.so.cache", bytes);
    ASSERT_TRUE(entries) << entries.error().message;
    EXPECT_FALSE(entries->empty());
}

TEST(MappedFiles, PathsOnceInOrderWithoutPseudoAndDeletedFiles) {
    const std::string maps =
        "55d0c0a00000-55d0c0a02000 r--p 00000000 08:01 1234    /usr/bin/python3.11\n"
        "55d0c0a02000-55d0c0a04000 r-xp 00002000 08:01 1234    /usr/bin/python3.11\n"
        "7f0000000000-7f0000001000 rw-p 00000000 00:00 0 \n"
        "7f0000001000-7f0000002000 r--p 00000000 08:01 99      /opt/my lib/libx.so\n"
        "7f0000002000-7f0000003000 r--p 00000000 08:01 98      /tmp/gone.so (deleted)\n"
        "7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0       [stack]\n"
        "ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0 [vsyscall]";
    EXPECT_EQ(mapped_files(maps), (std::vector<std::string>{"/usr/bin/python3.11", "/opt/my lib/libx.so"}));
}

// Nothing mapped is no verdict: check --pid of a zombie or a kernel thread said "0 ELF files", exit 0.
TEST(MappedFiles, AProcessThatMapsNoFileSaysWhy) {
    EXPECT_EQ(unmapped_reason("4242 (sh) Z 1 4242 4242 0 -1 4227332 0 0", ""),
              "is a zombie: it has exited and its parent has not collected it, so it maps no file to judge");
    EXPECT_EQ(unmapped_reason("2 (kthreadd) S 0 0 0 0 -1 2129984 0 0", ""),
              "is a kernel thread: it runs no program and maps no file to judge");
    EXPECT_EQ(unmapped_reason("7 (a) b)) S 1 7 7 0 -1 4194560 0 0",
                              "7f0000002000-7f0000003000 r--p 00000000 08:01 98 /tmp/gone (deleted)\n"),
              "maps no file that still exists: the files it mapped were deleted since");
    EXPECT_EQ(unmapped_reason("", ""), "maps no file to judge");
    // The machine's kernel threads, where this process sees one (not in a container of its own).
    std::ifstream kthreadd("/proc/2/stat");
    const std::string stat((std::istreambuf_iterator<char>(kthreadd)), std::istreambuf_iterator<char>());
    if (stat.find("(kthreadd)") == std::string::npos) GTEST_SKIP() << "no kernel thread in this process's view";
    const Result<std::vector<std::string>> files = process_mapped_files("2");
    ASSERT_FALSE(files);
    EXPECT_EQ(files.error().message, "process 2 is a kernel thread: it runs no program and maps no file to judge");
}

TEST(MappedFiles, ThisProcessMapsItsOwnExecutable) {
    const Result<std::vector<std::string>> files = process_mapped_files(std::to_string(getpid()));
    ASSERT_TRUE(files) << files.error().message;
    EXPECT_NE(std::find(files->begin(), files->end(), fs::canonical("/proc/self/exe").string()), files->end());
    EXPECT_EQ(process_mapped_files("12x").error().message, "--pid '12x': not a process id (a number)");
}

}  // namespace
