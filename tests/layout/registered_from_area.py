# SPDX-License-Identifier: Apache-2.0
"""Every CTest test named <area>.<feature>.<case> is registered from tests/<area>/, so that
its name leads to its folder in one hop.

    python3 registered_from_area.py <ctest> <build dir> <source dir> [--list]

A test is registered from the file whose top-level code starts the registration: the
innermost frame of its backtrace that is not inside a function or macro, so a helper
defined elsewhere does not count, the file calling it does. --list prints every test with
that file. Exit code 1 names each test registered elsewhere, each test listed at test time
(gtest_discover_tests: no backtrace) whose first name part is no folder of tests/, and each
script of tests/gpu/ that no test runs (a GPU runner's ctest would never run it).
"""
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


def main(argv):
    listing = "--list" in argv
    ctest, build_dir, source_dir = [arg for arg in argv if arg != "--list"]
    shown = subprocess.run([ctest, "--show-only=json-v1"], cwd=build_dir, check=True,
                           capture_output=True, text=True).stdout
    plan = json.loads(shown)
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
    if elsewhere or unnamed or unrun:
        return 1
    print(f"all {checked} tests with a backtrace are registered from tests/<area>/, and the "
          f"{len(scripts)} GPU scripts are tests")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
