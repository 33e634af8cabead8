# SPDX-License-Identifier: Apache-2.0
"""Names every skipped test of the last run (CTest's JUnit file) and every group of tests
left out at configure time, each with its reason.

    python3 skip_report.py [--if-newer <stamp>] <results.xml> <tests-left-out.txt>

With --if-newer it reports only when <results.xml> was written after <stamp> (CTest's
post-test command: only a run that wrote the JUnit file is reported).

A skipped test's reason is the line of its output that says why (SKIP:, skip:,
CUDAARCH-SKIP:, Skipped), or its last line, or what CTest recorded.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

REASON = re.compile(r"(?:CUDAARCH-SKIP|SKIP|skip|Skipped|skipped)\b:?\s*(.*)")


def reason_of(case):
    output = "".join(node.text or "" for node in case.iter("system-out"))
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for line in lines:
        match = REASON.search(line)
        if match and match.group(1):
            return match.group(1)
    if lines:
        return lines[-1]
    skipped = case.find("skipped")
    return (skipped.get("message") if skipped is not None else None) or "no reason given"


def main(results, left_out):
    try:
        cases = ET.parse(results).getroot().iter("testcase")
    except (OSError, ET.ParseError) as error:
        print(f"no test results to report on: {error}")
        return 1
    skipped = [(case.get("name"), reason_of(case)) for case in cases if case.find("skipped") is not None]
    print(f"{len(skipped)} test(s) skipped in the last run:")
    for name, reason in skipped:
        print(f"  {name}: {reason}")
    try:
        with open(left_out, encoding="utf-8") as lines:
            groups = [line.rstrip("\n") for line in lines if line.strip()]
    except OSError:
        groups = []
    print(f"{len(groups)} group(s) of tests left out at configure time:")
    for group in groups:
        print(f"  {group}")
    return 0


def written_after(path, stamp):
    try:
        return os.stat(path).st_mtime_ns > os.stat(stamp).st_mtime_ns
    except OSError:
        return False


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--if-newer"]:
        stamp, args = args[1], args[2:]
        if not written_after(args[0], stamp):
            sys.exit(0)
    sys.exit(main(*args[:2]))
