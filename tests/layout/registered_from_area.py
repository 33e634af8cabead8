# SPDX-License-Identifier: Apache-2.0
"""Every CTest test named <area>.<feature>.<case> is registered from tests/<area>/, so that
its name leads to its folder in one hop.

    python3 registered_from_area.py <ctest> <build dir> <source dir> [--list]
    python3 registered_from_area.py --plan <ctest --show-only=json-v1 file> <source dir>

A test is registered from the file whose top-level code starts the registration: the
innermost frame of its backtrace that is not inside a function or macro, so a helper
defined elsewhere does not count, the file calling it does. --list prints every test with
that file. Exit code 1 names each test registered elsewhere, each test listed at test time
(gtest_discover_tests: no backtrace) whose first name part is no folder of tests/, and each
script of tests/gpu/ that no test runs (a GPU runner's ctest would never run it), and each
case whose expected output does not lead back to it: a case (a test run with
-DEXPECT_CASE=<path>, tests/expected_output.cmake) of tests/<area>/<feature>/<case> must be named
<area>.<feature>.<case> and have a <case>-stdout.txt, -stderr.txt or -result.txt, and every
such file under tests/ must belong to a registered case.
"""
import fnmatch
import glob
import json
import os
import subprocess
import sys


def registrations(plan, source_dir):
    """(name, file relative to source_dir or None) for each test, in CTest's order."""
    graph = plan["backtraceGraph"]
    nodes = graph["nodes"]
    for test in plan["tests"]:
        if "backtrace" not in test:
            # Tests listed at test time (gtest_discover_tests) carry none.
            yield test["name"], None
            continue
        # A node with a command is a call; its parent is the frame it runs in, and a frame
        # without a command is a file running at its top level.
        frame = test["backtrace"]
        while "parent" in nodes[frame] and "command" in nodes[nodes[frame]["parent"]]:
            frame = nodes[frame]["parent"]
        path = os.path.realpath(graph["files"][nodes[frame]["file"]])
        yield test["name"], os.path.relpath(path, os.path.realpath(source_dir))


CASE_STREAMS = ("-stdout.txt", "-stderr.txt", "-result.txt")


def case_problems(plan, source_dir, left_out=()):
    """What breaks "a case's name leads to its files, and every file to its case". The files
    of the cases left out of this configuration (patterns of names, tests-cases-left-out.txt)
    need no registered case."""
    source_dir = os.path.realpath(source_dir)
    cases = {}
    in_folder = set()  # cases of a folder, which is checked against its test's name instead
    release_files = set()  # a folder case's files for one CMake release, which need not exist
    problems = []
    for test in plan["tests"]:
        for word in test.get("command", []):
            if word.startswith("-DEXPECT_CASE="):
                cases[test["name"]] = os.path.realpath(word[len("-DEXPECT_CASE="):])
            if word.startswith("-DEXPECT_CASES="):
                # A folder of cases (tests/cmake/run_cases.cmake): each <case>.cmake in it,
                # the folder named by the test less its CMake version (@<version>), each
                # dot a folder: cmake.public_api@3.18 runs tests/cmake/public_api/.
                folder = os.path.realpath(word[len("-DEXPECT_CASES="):])
                name = test["name"].split("@")[0]
                expected = os.path.join(source_dir, "tests", *name.split("."))
                if folder != expected:
                    problems.append(f"  {test['name']}: its cases are in {os.path.relpath(folder, source_dir)}/, "
                                    f"not {os.path.relpath(expected, source_dir)}/; rename the test or move the folder")
                for script in sorted(glob.glob(os.path.join(folder, "*.cmake"))):
                    case = f"{name}.{os.path.basename(script)[:-len('.cmake')]}"
                    cases[case] = script[:-len(".cmake")]
                    in_folder.add(case)
                    if "@" in test["name"]:
                        # <case>@<release>-*.txt: what the case prints with that release
                        # (run_cases.cmake, EXPECT_RELEASE), read by the test of that release.
                        release_files.add(f"{script[:-len('.cmake')]}@{test['name'].split('@', 1)[1]}")
    for name, case in sorted(cases.items()):
        shown = os.path.relpath(case, source_dir)
        expected = os.path.join(source_dir, "tests", *name.split(".", 2))
        if case != expected and name not in in_folder:
            problems.append(f"  {name}: its files are {shown}-*.txt, not "
                            f"{os.path.relpath(expected, source_dir)}-*.txt; rename the case or move its files")
        if not any(os.path.isfile(case + stream) for stream in CASE_STREAMS):
            problems.append(f"  {name}: no {shown}-stdout.txt, -stderr.txt or -result.txt; "
                            "write what it must print (a case without one would pass whatever ran)")
    registered = set(cases.values()) | release_files
    for folder, _, files in sorted(os.walk(os.path.join(source_dir, "tests"))):
        for file in sorted(files):
            stream = next((s for s in CASE_STREAMS if file.endswith(s)), None)
            case = os.path.join(folder, file[:-len(stream)]) if stream else None
            if case and case not in registered:
                name = ".".join(os.path.relpath(case, os.path.join(source_dir, "tests")).split(os.sep))
                if any(fnmatch.fnmatchcase(name, pattern) for pattern in left_out):
                    continue
                shown = os.path.relpath(os.path.join(folder, file), source_dir)
                problems.append(f"  {shown}: no registered case reads it; register the case or remove the file")
    return problems


def main(argv):
    listing = "--list" in argv
    left_out = []
    if argv[0] == "--plan":
        _, plan_file, source_dir = argv
        with open(plan_file, encoding="utf-8") as plan_text:
            plan = json.load(plan_text)
    else:
        ctest, build_dir, source_dir = [arg for arg in argv if arg != "--list"]
        shown = subprocess.run([ctest, "--show-only=json-v1"], cwd=build_dir, check=True,
                               capture_output=True, text=True).stdout
        plan = json.loads(shown)
        cases_left_out = os.path.join(build_dir, "tests-cases-left-out.txt")
        if os.path.isfile(cases_left_out):
            with open(cases_left_out, encoding="utf-8") as lines:
                left_out = [line.strip() for line in lines if line.strip()]
    found = list(registrations(plan, source_dir))
    if listing:
        for name, path in found:
            print(f"{name}\t{path or '(no backtrace)'}")
        return 0
    elsewhere = []
    for name, path in found:
        if path is not None and not path.startswith(f"tests/{name.split('.')[0]}/"):
            elsewhere.append((name, path))
    checked = sum(1 for _, path in found if path is not None)
    if elsewhere:
        print(f"{len(elsewhere)} of {checked} tests are registered from a folder other than "
              "tests/<first part of the name>/; move the registration or rename the test:")
        for name, path in elsewhere:
            print(f"  {name}: {path}")
    # Tests listed at test time carry no backtrace; their names must still start with an area.
    unnamed = [name for name, path in found
               if path is None and not name.endswith("_NOT_BUILT")
               and not os.path.isdir(os.path.join(source_dir, "tests", name.split(".")[0]))]
    if unnamed:
        print(f"{len(unnamed)} tests listed at test time are not named <area>.<feature>.<case> "
              "(give gtest_discover_tests a TEST_PREFIX):")
        for name in unnamed:
            print(f"  {name}")
    words = [word for test in plan["tests"] for word in test.get("command", [])]
    scripts = sorted(glob.glob(os.path.join(os.path.realpath(source_dir), "tests", "gpu", "*.sh")))
    unrun = [script for script in scripts if not any(script in word for word in words)]
    if unrun:
        print("no test runs these GPU scripts; register them in tests/gpu/CMakeLists.txt:")
        for script in unrun:
            print(f"  {os.path.relpath(script, os.path.realpath(source_dir))}")
    cases = case_problems(plan, source_dir, left_out)
    if cases:
        print("these cases and their expected files do not lead to each other (docs/testing.md):")
        print("\n".join(cases))
    if elsewhere or unnamed or unrun or cases:
        return 1
    print(f"all {checked} tests with a backtrace are registered from tests/<area>/, the "
          f"{len(scripts)} GPU scripts are tests, and every case has its files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
