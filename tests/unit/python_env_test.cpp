// SPDX-License-Identifier: Apache-2.0
// A Python environment as `check --python` reads it (python_env.hpp): RECORD and METADATA on a
// site-packages tree generated here, the interpreter's answer, and the folder walk that never
// leaves a tree through links (folder_files.hpp).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cudaarch/alternatives.hpp"
#include "cudaarch/folder_files.hpp"
#include "cudaarch/process.hpp"
#include "cudaarch/python_env.hpp"
#include "cudaarch/text.hpp"
#include "temp_folder.hpp"

namespace {

namespace fs = std::filesystem;
using namespace cudaarch;

using Tree = TempFolder;

constexpr std::chrono::seconds kLimit{60};

const std::string elf = std::string("\x7f" "ELF\x02\x01\x01", 7) + std::string(57, '\0');

TEST(Record, PathsOfEveryRowQuotedOrNot) {
    EXPECT_EQ(record_paths("torch/lib/libc10.so,sha256=abc,123\r\n"
                           "\"odd,name \"\"x\"\".so\",sha256=def,4\n"
                           "torch-2.11.0.dist-info/RECORD,,\n"
                           "\n"
                           "../../bin/torchrun,sha256=1,2"),
              (std::vector<std::string>{"torch/lib/libc10.so", "odd,name \"x\".so", "torch-2.11.0.dist-info/RECORD",
                                        "../../bin/torchrun"}));
    EXPECT_EQ(record_paths("\"unterminated"), std::vector<std::string>{"unterminated"});
}

TEST(Metadata, NameAndVersionFromTheHeaderOnly) {
    const NameVersion nv = metadata_name_version(
        "Metadata-Version: 2.1\r\nName: torch\r\nVersion:  2.11.0+cu130 \r\n\r\nName: not-this\n");
    EXPECT_EQ(nv.name, "torch");
    EXPECT_EQ(nv.version, "2.11.0+cu130");
    EXPECT_EQ(metadata_name_version("\nName: x\n").name, "");
}

TEST(EntryPoints, ScriptNamesOfTheConsoleAndGuiSectionsOnly) {
    EXPECT_EQ(script_names("[console_scripts]\r\ntorchrun = torch.distributed.run:main\n  # a comment = no\n"
                           "proton=triton.profiler.proton:main\n\n[torch.backends]\nnot_a_script = x:y\n"
                           "[gui_scripts]\n viewer = v:main \n[console_scripts"),
              (std::vector<std::string>{"torchrun", "proton", "viewer"}));
    EXPECT_TRUE(script_names("").empty());
    EXPECT_TRUE(script_names("torchrun = x:y\n").empty());  // outside any section
}

TEST(SiteDirs, NulEndedAbsoluteFoldersOnce) {
    const auto dirs = parse_site_dirs(std::string("/v/lib/site-packages\0/v/lib/site-packages\0", 42));
    ASSERT_TRUE(dirs) << dirs.error().message;
    EXPECT_EQ(dirs->own, std::vector<std::string>{"/v/lib/site-packages"});
    EXPECT_TRUE(dirs->more.empty());
    const auto more = parse_site_dirs(std::string("/v/s\0user:/u/s\0system:/b/s\0", 27));
    ASSERT_TRUE(more) << more.error().message;
    EXPECT_EQ(more->own, std::vector<std::string>{"/v/s"});
    EXPECT_EQ(more->more, (std::vector<SiteDir>{{"/u/s", "user site-packages"}, {"/b/s", "system site-packages of the venv"}}));
    EXPECT_EQ(parse_site_dirs(std::string("user:/u/s\0", 10)).error().message, "it printed no site-packages folder");
    EXPECT_EQ(parse_site_dirs(std::string("/v/s\0user:u\0", 12)).error().message,
              "it named a site-packages folder that is not absolute: 'u'");
    EXPECT_EQ(parse_site_dirs("").error().message, "it printed no site-packages folder");
    EXPECT_EQ(parse_site_dirs("/x").error().message, "its answer ends without a NUL byte");
    EXPECT_EQ(parse_site_dirs(std::string("rel\0", 4)).error().message,
              "it named a site-packages folder that is not absolute: 'rel'");
}

TEST(Pth, PathLinesJoinedAndNormalisedImportLinesNamed) {
    const PthLines lines = parse_pth("# comment\n\n/abs/src  \r\nrel/../other/./x\n"
                                     "import __editable___p_1_0_finder; __editable___p_1_0_finder.install()\n"
                                     "import\t_p_editable\nimportant\n",
                                     "/v/site");
    EXPECT_EQ(lines.folders, (std::vector<std::string>{"/abs/src", "/v/site/other/x", "/v/site/important"}));
    EXPECT_EQ(lines.imports, (std::vector<std::string>{"__editable___p_1_0_finder", "_p_editable"}));
}

TEST(Pth, StringPairsOfAFindersMappingAndARedirectsCall) {
    // setuptools' finder: MAPPING, and NAMESPACES whose values are lists (no pair).
    EXPECT_EQ(string_pairs("MAPPING: dict[str, str] = {'edflat': '/p/edflat', \"b\": r'/p/b\\x'}\n"
                           "NAMESPACES: dict[str, list[str]] = {'ns': ['/p/ns']}\n"
                           "# 'not': 'this'\nx = f'{a}': 'y'\n\"\"\"doc 'k': 'v'\"\"\"\n"),
              (std::vector<std::pair<std::string, std::string>>{{"edflat", "/p/edflat"}, {"b", "/p/b\\x"}}));
    // scikit-build-core's redirect: install({known source files}, {known wheel files}, ...).
    EXPECT_EQ(string_pairs("install({'p': '/s/p/__init__.py'}, {'p._core': '/b/p/_core.so'}, None, False, True)"),
              (std::vector<std::pair<std::string, std::string>>{{"p", "/s/p/__init__.py"}, {"p._core", "/b/p/_core.so"}}));
    EXPECT_TRUE(string_pairs("{'unterminated: '").empty());
}

// An editable install's files are judged as its distribution's: a finder's mapped folder, a
// .pth path line's packages; another environment's site-packages through a .pth line is read
// as distributions, whose own .pth files are not (site.py does not run them).
TEST_F(Tree, PthFilesAddEditableFoldersAndOtherEnvironments) {
    write("site/ed-1.0.dist-info/METADATA", "Name: ed\nVersion: 1.0\n\n");
    write("site/ed-1.0.dist-info/RECORD", "__editable__.ed-1.0.pth,,\n__editable___ed_1_0_finder.py,,\n");
    write("site/__editable__.ed-1.0.pth", "import __editable___ed_1_0_finder; __editable___ed_1_0_finder.install()\n");
    write("site/__editable___ed_1_0_finder.py", "MAPPING = {'ed': '" + path("proj/ed") + "'}\n");
    write("proj/ed/__init__.py", "");
    write("proj/ed/sub/_x.so", elf);
    write("proj/setup_helper.so", elf);  // not under the mapped folder: not imported
    write("site/src.pth", path("src") + "\n");
    write("src/pkg/_y.so", elf);
    write("src/top.so", elf);
    write("src/pkg.egg-info/z.so", elf);
    write("site/other.pth", "../other\n");
    write("other/lay-2.0.dist-info/METADATA", "Name: lay\nVersion: 2.0\n\n");
    write("other/lay-2.0.dist-info/RECORD", "lay/_z.so,,\n");
    write("other/lay/_z.so", elf);
    write("other/nested.pth", path("nested") + "\n");
    write("nested/n/_n.so", elf);
    const PythonEnvironment env = read_site_dirs({path("site")});
    ASSERT_EQ(env.distributions.size(), 3u);
    EXPECT_EQ(env.distributions[0].name, "ed");
    EXPECT_EQ(env.distributions[0].editable, std::vector<std::string>{path("proj/ed")});
    EXPECT_EQ(env.distributions[0].elf_files, std::vector<std::string>{path("proj/ed/sub/_x.so")});
    EXPECT_EQ(env.distributions[1].name, "lay");
    EXPECT_EQ(env.distributions[1].through_pth, path("site/other.pth"));
    EXPECT_EQ(env.distributions[1].elf_files, std::vector<std::string>{path("other/lay/_z.so")});
    EXPECT_EQ(env.distributions[2].name, "src.pth");  // no RECORD lists it: named by the file
    EXPECT_EQ(env.distributions[2].editable, std::vector<std::string>{path("src")});
    EXPECT_EQ(env.distributions[2].elf_files, (std::vector<std::string>{path("src/pkg/_y.so"), path("src/top.so")}));
}

TEST_F(Tree, DistributionsWithTheElfFilesTheirRecordsList) {
    write("site/pkg/_C.cpython-311-x86_64-linux-gnu.so", elf);
    write("site/pkg/lib/libk.so.12", elf);
    write("site/pkg/__init__.py", "import os\n");
    write("site/pkg/notelf.so", "text");
    write("site/pkg/unlisted.so", elf);
    write("site/pkg-1.0.dist-info/METADATA", "Name: Pkg\nVersion: 1.0+cu128\n\n");
    write("site/pkg-1.0.dist-info/RECORD",
          "pkg/__init__.py,,\npkg/_C.cpython-311-x86_64-linux-gnu.so,,\npkg/lib/libk.so.12,,\npkg/notelf.so,,\n"
          "pkg/missing.so,,\n/abs/olute.so,,\n");
    write("site/local_thing-0.1.dist-info/RECORD", "");
    write("site/local_thing-0.1.dist-info/direct_url.json", "{\"url\": \"file:///src\", \"dir_info\": {\"editable\": true}}");
    fs::create_directories(path("site/norecord-2.0.dist-info"));
    const PythonEnvironment env = read_site_dirs({path("site")});
    ASSERT_EQ(env.distributions.size(), 3u);
    EXPECT_EQ(env.distributions[0].name, "local_thing");
    EXPECT_EQ(env.distributions[0].version, "0.1");
    EXPECT_TRUE(env.distributions[0].local_build);
    EXPECT_EQ(env.distributions[1].name, "norecord");
    EXPECT_EQ(env.distributions[2].name, "Pkg");
    EXPECT_EQ(env.distributions[2].version, "1.0+cu128");
    EXPECT_FALSE(env.distributions[2].local_build);
    EXPECT_EQ(env.distributions[2].elf_files, (std::vector<std::string>{path("site/pkg/_C.cpython-311-x86_64-linux-gnu.so"),
                                                                          path("site/pkg/lib/libk.so.12")}));
    EXPECT_EQ(env.problems, std::vector<std::string>{path("site/norecord-2.0.dist-info") +
                                                     ": no readable RECORD, so its files are not known"});
}

// The user's and a venv's system site-packages are read after the own ones, each distribution
// labelled with its place; a folder reachable twice is read once, where it comes first.
TEST_F(Tree, MoreSiteDirsAreReadOnceAndLabelled) {
    write("site/a-1.dist-info/RECORD", "");
    write("site/sys.pth", path("system") + "\n");
    write("user/u-1.dist-info/RECORD", "");
    write("system/s-1.dist-info/RECORD", "");
    const SiteDir user{path("user"), "user site-packages"};
    const PythonEnvironment env =
        read_site_dirs({path("site")}, {user, {path("system"), "system site-packages of the venv"}, user});
    ASSERT_EQ(env.distributions.size(), 3u);
    EXPECT_EQ(env.distributions[0].place, "");
    EXPECT_EQ(env.distributions[1].name, "s");
    EXPECT_EQ(env.distributions[1].through_pth, path("site/sys.pth"));
    EXPECT_EQ(env.distributions[1].place, "");
    EXPECT_EQ(env.distributions[2].name, "u");
    EXPECT_EQ(env.distributions[2].place, "user site-packages");
    EXPECT_EQ(env.more_site_dirs, std::vector<SiteDir>{user});
}

TEST_F(Tree, TheInterpreterIsAskedOnce) {
    const std::string python = write("python", "#!/bin/sh\nprintf '%s\\0%s\\0' \"$0.site\" \"$0.site\"\n");
    fs::permissions(python, fs::perms::owner_all);
    write("python.site/a-1.dist-info/RECORD", "");
    const Result<PythonEnvironment> env = read_python_environment(python, kLimit);
    ASSERT_TRUE(env) << env.error().message;
    EXPECT_EQ(env->site_dirs, std::vector<std::string>{python + ".site"});
    ASSERT_EQ(env->distributions.size(), 1u);
    const std::string failing = write("failing", "#!/bin/sh\necho 'No module named sysconfig' >&2\nexit 3\n");
    fs::permissions(failing, fs::perms::owner_all);
    EXPECT_EQ(read_python_environment(failing, kLimit).error().message,
              "the Python interpreter '" + failing + "' failed (exit 3): No module named sysconfig");
}

// The guess read while the interpreter starts is the interpreter's own answer on a real venv.
TEST_F(Tree, DerivedSiteDirsAreTheRealInterpretersOnAVenv) {
    const std::string python3 = find_in_path("python3");
    if (python3.empty()) GTEST_SKIP() << "no python3 in PATH";
    const Result<ProcessOutput> made = run_process({python3, "-m", "venv", "--without-pip", path("venv")});
    ASSERT_TRUE(made && made->exit_code == 0) << (made ? made->err : made.error().message);
    for (const std::string name : {"python", "python3"}) {
        const std::string python = path("venv/bin/" + name);
        const Result<SiteDirs> asked = ask_site_dirs(python, kLimit);
        ASSERT_TRUE(asked) << asked.error().message;
        EXPECT_EQ(derived_site_dirs(python), asked->own) << python;
    }
}

// What a full start of `python` (its .pth files run) names as purelib and platlib.
std::vector<std::string> full_start_site_dirs(const std::string& python) {
    const Result<ProcessOutput> run = run_process(
        {python, "-I", "-c", "import os, sysconfig\nfor n in ('purelib', 'platlib'): os.write(1, os.fsencode(sysconfig.get_path(n)) + b'\\0')\n"});
    if (!run || run->exit_code != 0) return {};
    return parse_site_dirs(run->out).value().own;
}

// The interpreter is asked without running its .pth files (startup code, most of the GPU
// machine's interpreter start), and answers as a full start does, in a venv and outside one.
TEST_F(Tree, TheInterpreterAnswersAsItsFullStartWithoutRunningPthFiles) {
    const std::string python3 = find_in_path("python3");
    if (python3.empty()) GTEST_SKIP() << "no python3 in PATH";
    const Result<ProcessOutput> made = run_process({python3, "-m", "venv", "--without-pip", path("venv")});
    ASSERT_TRUE(made && made->exit_code == 0) << (made ? made->err : made.error().message);
    const std::string python = path("venv/bin/python");
    const std::vector<std::string> site = derived_site_dirs(python);
    ASSERT_EQ(site.size(), 1u);
    const std::string ran = path("pth-ran");
    std::ofstream(site[0] + "/a_startup.pth") << "import pathlib; pathlib.Path('" << ran << "').write_text('ran')\n";
    EXPECT_EQ(full_start_site_dirs(python), site);
    ASSERT_TRUE(fs::exists(ran)) << "a full start runs the .pth file";
    fs::remove(ran);
    const Result<SiteDirs> asked = ask_site_dirs(python, kLimit);
    ASSERT_TRUE(asked) << asked.error().message;
    EXPECT_EQ(asked->own, site);
    EXPECT_FALSE(fs::exists(ran));
    for (const std::string& system : {python3, std::string("/usr/bin/python3")}) {
        if (fs::exists(system)) EXPECT_EQ(ask_site_dirs(system, kLimit).value().own, full_start_site_dirs(system)) << system;
    }
}

TEST_F(Tree, NoSiteDirsAreDerivedWithoutAVenvThatSaysItsVersion) {
    write("v/bin/python", "");
    EXPECT_TRUE(derived_site_dirs(path("v/bin/python")).empty());  // no pyvenv.cfg
    write("v/pyvenv.cfg", "home = /usr/bin\nversion = 3.12.1\n");
    EXPECT_TRUE(derived_site_dirs(path("v/bin/python")).empty());  // no lib/python3.12/site-packages
    fs::create_directories(path("v/lib/python3.12/site-packages"));
    EXPECT_EQ(derived_site_dirs(path("v/bin/python")), std::vector<std::string>{path("v/lib/python3.12/site-packages")});
    EXPECT_TRUE(derived_site_dirs(path("v/bin/../bin/python")).empty());  // not plain: Python would normalise it
    EXPECT_TRUE(derived_site_dirs("v/bin/python").empty());               // relative
    write("v/pyvenv.cfg", "version_info = 3.12.1.final.0\r\n");
    EXPECT_EQ(derived_site_dirs(path("v/bin/python")), std::vector<std::string>{path("v/lib/python3.12/site-packages")});
    for (const char* cfg : {"version = 3\n", "version = 3.\n", "version = .12\n", "version = x3.12\n", "home = /usr\n"}) {
        write("v/pyvenv.cfg", cfg);
        EXPECT_TRUE(derived_site_dirs(path("v/bin/python")).empty()) << cfg;
    }
}

// The interpreter is the truth: a guess it does not confirm is read again from its answer, and
// its failure is the error, whatever the guess.
TEST_F(Tree, TheInterpretersAnswerWinsOverTheGuess) {
    write("v/pyvenv.cfg", "version = 3.11.4\n");
    write("v/lib/python3.11/site-packages/guessed-1.dist-info/RECORD", "");
    const std::string python = write("v/bin/python", "#!/bin/sh\nprintf '%s\\0' \"$0.site\"\n");
    fs::permissions(python, fs::perms::owner_all);
    write("v/bin/python.site/real-2.dist-info/RECORD", "");
    std::vector<std::string> read;
    const auto note = [&](const PythonEnvironment& env) { read.push_back(env.distributions.at(0).name); };
    const Result<PythonEnvironment> env = read_python_environment(python, kLimit, note);
    ASSERT_TRUE(env) << env.error().message;
    EXPECT_EQ(env->site_dirs, std::vector<std::string>{python + ".site"});
    ASSERT_EQ(env->distributions.size(), 1u);
    EXPECT_EQ(env->distributions[0].name, "real");
    EXPECT_EQ(read, (std::vector<std::string>{"guessed", "real"}));
    // Confirmed: read once.
    write(python, "#!/bin/sh\nprintf '%s\\0' \"" + path("v/lib/python3.11/site-packages") + "\"\n");
    read.clear();
    ASSERT_TRUE(read_python_environment(python, kLimit, note));
    EXPECT_EQ(read, std::vector<std::string>{"guessed"});
    write(python, "#!/bin/sh\nexit 4\n");
    EXPECT_EQ(read_python_environment(python, kLimit, note).error().message,
              "the Python interpreter " + text::quote(python) + " failed (exit 4)");
}

TEST_F(Tree, FolderWalkTakesElfFilesAndNeverFollowsLinks) {
    write("outside/libout.so", elf);
    write("tree/a/liba.so", elf);
    write("tree/b/tool", elf);
    write("tree/b/readme.txt", "hello");
    fs::create_symlink(path("outside"), path("tree/link_to_outside"));
    fs::create_symlink(path("outside/libout.so"), path("tree/libout.so"));
    fs::create_symlink(path("tree/a/liba.so"), path("tree/a/liba.so.1"));
    fs::create_hard_link(path("tree/a/liba.so"), path("tree/a/hard.so"));
    std::vector<SkippedFile> skipped;
    const Result<std::vector<std::string>> files = folder_elf_files(path("tree") + "/", skipped);
    ASSERT_TRUE(files) << files.error().message;
    // hard.so and liba.so are one file: the first name in sorted order stands for it.
    EXPECT_EQ(*files, (std::vector<std::string>{path("tree/a/hard.so"), path("tree/b/tool")}));
    EXPECT_TRUE(skipped.empty());
    EXPECT_FALSE(folder_elf_files(path("none"), skipped));
}

// A FIFO is named, never opened: opened for reading without O_NONBLOCK it would wait for a
// writer, and check DIR passed over it in silence.
TEST_F(Tree, FolderWalkNamesAFifoWithoutOpeningIt) {
    write("tree/liba.so", elf);
    ASSERT_EQ(::mkfifo(path("tree/pipe").c_str(), 0600), 0);
    std::vector<SkippedFile> skipped;
    const Result<std::vector<std::string>> files = folder_elf_files(path("tree"), skipped);
    ASSERT_TRUE(files) << files.error().message;
    EXPECT_EQ(*files, std::vector<std::string>{path("tree/liba.so")});
    ASSERT_EQ(skipped.size(), 1u);
    EXPECT_EQ(skipped[0].path, path("tree/pipe"));
    EXPECT_EQ(skipped[0].why, "a FIFO");
    EXPECT_FALSE(skipped[0].unread);
}

}  // namespace

namespace {

// A package's alternatives: files of one folder whose names differ only by the digits after
// "cuda"; the CUDA version the environment selects from torch's +cuXYZ or the runtime wheel.
TEST(Alternatives, GroupsByTheNameLessItsCudaVersion) {
    const std::vector<std::string> paths{"b/libbnb_cuda118.so", "b/libbnb_cuda130.so", "b/libcudart.so.12",
                                         "c/libbnb_cuda118.so", "b/libbnb_cuda121_nocublaslt.so", "b/libbnb_cuda124.so"};
    const std::vector<AlternativeGroup> groups = alternative_groups(paths);
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups[0].members, (std::vector<std::size_t>{0, 1, 5}));
    EXPECT_EQ(groups[0].cuda, (std::vector<std::string>{"118", "130", "124"}));
}

TEST(Alternatives, TheEnvironmentsCudaFromTorchThenTheRuntimeWheel) {
    PythonEnvironment env;
    std::string why;
    EXPECT_EQ(selected_cuda(env, nullptr, why), "");
    env.distributions.push_back({"nvidia-cuda-runtime-cu12", "12.6.77", "", false, {}, {}, "", {}});
    EXPECT_EQ(selected_cuda(env, nullptr, why), "126");
    EXPECT_EQ(why, "nvidia-cuda-runtime-cu12 12.6.77");
    env.distributions.push_back({"torch", "2.11.0+cu130", "", false, {}, {}, "", {}});
    EXPECT_EQ(selected_cuda(env, nullptr, why), "130");
    env.distributions.back().version = "2.11.0";  // a CPU build's tag tells nothing
    EXPECT_EQ(selected_cuda(env, nullptr, why), "126");
    EXPECT_EQ(alternative_variable("BitsAndBytes"), std::string("BNB_CUDA_VERSION"));
    EXPECT_EQ(alternative_variable("torch"), nullptr);
}

}  // namespace
