# SPDX-License-Identifier: Apache-2.0
"""The README's figures of the test suite: how many tests the `ci` and `quick` test presets
run, and how long they took.

    python3 suite_figures.py write <README.md> <build>   after a run of both presets
    python3 suite_figures.py check <README.md> <build>   the test docs.readme.suite_figures

`write` replaces the text between the README's suite-figures markers with the counts and the
times of the last runs (the presets' JUnit files, Testing/results.xml and
Testing/quick-results.xml). `check` counts the tests each preset selects in the configured
tree (its filters read from CMakePresets.json) and fails where the README says otherwise. The
counts depend on what was fetched and installed, so a tree that left tests out
(tests-left-out.txt not empty) is a skip; CI's leaves none out.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

BEGIN = "<!-- suite-figures: written by `python3 tests/docs/suite_figures.py write README.md build/ci` -->\n"
END = "<!-- /suite-figures -->\n"
SENTENCE = re.compile(
    r"the `ci` step ran (?P<ci>[0-9,]+) tests in\s+[0-9,]+ s .*?"
    r"The `quick` preset runs (?P<quick>[0-9,]+) tests", re.S)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def preset_filter(name):
    """The ctest arguments that select the tests of the test preset `name`."""
    with open(os.path.join(ROOT, "CMakePresets.json"), encoding="utf-8") as presets:
        preset = next(p for p in json.load(presets)["testPresets"] if p["name"] == name)
    options = {("include", "label"): "-L", ("exclude", "label"): "-LE",
               ("include", "name"): "-R", ("exclude", "name"): "-E"}
    args = []
    for (part, key), option in options.items():
        value = preset.get("filter", {}).get(part, {}).get(key)
        if value is not None:
            args += [option, value]
    return args


def count(build, preset):
    """How many tests the preset selects in the tree `build`, listed through a scratch tree
    that includes it, so that the listing writes nothing into `build` (a run there may be
    writing its logs)."""
    with tempfile.TemporaryDirectory() as scratch:
        with open(os.path.join(scratch, "CTestTestfile.cmake"), "w", encoding="utf-8") as testfile:
            testfile.write('subdirs("%s")\n' % os.path.abspath(build).replace("\\", "/"))
        listed = subprocess.run(["ctest", "-N", "--test-dir", scratch] + preset_filter(preset),
                                stdin=subprocess.DEVNULL, capture_output=True, text=True, check=True)
    match = re.search(r"^Total Tests: ([0-9]+)$", listed.stdout, re.M)
    if not match:
        sys.exit(f"ctest -N printed no total:\n{listed.stdout}{listed.stderr}")
    return int(match.group(1))


def run_of(results):
    """(tests, the run's seconds, longest test, its seconds) of a JUnit file."""
    suite = ET.parse(results).getroot()
    cases = [(case.get("name"), float(case.get("time") or 0)) for case in suite.iter("testcase")]
    if not cases:
        sys.exit(f"{results} names no test")
    longest = max(cases, key=lambda case: case[1])
    return len(cases), float(suite.get("time") or 0), longest[0], longest[1]


def block(readme_text, readme):
    if readme_text.count(BEGIN) != 1 or readme_text.count(END) != 1:
        sys.exit(f"{readme}: no one pair of suite-figures markers ({BEGIN.strip()} ... {END.strip()})")
    start = readme_text.index(BEGIN) + len(BEGIN)
    return start, readme_text.index(END, start)


def write(readme, build):
    tests, seconds, longest, longest_s = run_of(os.path.join(build, "Testing", "results.xml"))
    quick, quick_s, _, _ = run_of(os.path.join(build, "Testing", "quick-results.xml"))
    text = (f"On 2 cores, in a fresh clone run as CI runs it (`.ci/run`), the `ci` step ran {tests:,} tests in\n"
            f"{seconds:,.0f} s ({seconds / 60:.0f} minutes; the longest, `{longest}`, {longest_s:,.0f} s).\n"
            f"The `quick` preset runs {quick:,} tests in {quick_s:,.0f} s once the build is up to date.\n")
    with open(readme, encoding="utf-8") as file:
        old = file.read()
    start, end = block(old, readme)
    with open(readme, "w", encoding="utf-8") as file:
        file.write(old[:start] + text + old[end:])


def check(readme, build):
    with open(readme, encoding="utf-8") as file:
        text = file.read()
    start, end = block(text, readme)
    said = SENTENCE.search(text[start:end])
    if not said:
        sys.exit(f"{readme}: the suite-figures block does not say how many tests the presets run:\n{text[start:end]}")
    with open(os.path.join(build, "tests-left-out.txt"), encoding="utf-8") as left_out:
        groups = [line for line in left_out if line.strip()]
    if groups:
        print(f"SKIP: this tree left out {len(groups)} group(s) of tests (tests-left-out.txt); the README counts "
              "a tree that left none out, as CI's")
        return
    problems = []
    counts = {preset: count(build, preset) for preset in ("ci", "quick")}
    for preset, words in (("ci", "the `ci` step ran"), ("quick", "the `quick` preset runs")):
        if int(said[preset].replace(",", "")) != counts[preset]:
            problems.append(f"the README says {words} {said[preset]} tests; it selects {counts[preset]:,}")
    if problems:
        sys.exit("\n".join(problems) + "\nrun both presets, then: python3 tests/docs/suite_figures.py write README.md build/ci")
    print(f"README's figures hold: `ci` selects {counts['ci']:,} tests and `quick` {counts['quick']:,}")


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("write", "check"):
        sys.exit(__doc__)
    {"write": write, "check": check}[sys.argv[1]](sys.argv[2], sys.argv[3])
