#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Summarizes a CMake --profiling-format=google-trace file: the time outside project() (in a
CudaArch project: CudaArch's own work and what the project adds), the slowest commands that
start processes or sub-builds (execute_process, try_compile, try_run) and the slowest
CudaArch functions, each with its inclusive wall time.
usage: bench/cmake_profile.py TRACE.json [N]"""
import json
import sys


def main():
    events = json.load(open(sys.argv[1]))
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    stack, spans, outside_project = [], [], 0.0
    for e in events:
        if e["ph"] == "B":
            stack.append(e)
        elif e["ph"] == "E" and stack:
            b = stack.pop()
            args = b.get("args", {})
            ms = (e["ts"] - b["ts"]) / 1e3
            spans.append((ms, b["name"], args.get("functionArgs", ""), args.get("location", "")))
            if not stack and b["name"] != "project":
                outside_project += ms
    total = (events[-1]["ts"] - events[0]["ts"]) / 1e3 if events else 0
    print(f"traced {total:.0f} ms, of which outside project() {outside_project:.0f} ms")
    groups = (
        ("processes and sub-builds", lambda n: n in ("execute_process", "try_compile", "try_run")),
        ("CudaArch functions", lambda n: n.startswith(("cudaarch_", "_cudaarch_"))),
    )
    for title, keep in groups:
        print(f"-- {title}")
        for ms, name, args, location in sorted((s for s in spans if keep(s[1])), reverse=True)[:limit]:
            print(f"{ms:9.1f} ms  {name}({args[:70]})  {location.rsplit('/', 1)[-1]}")


if __name__ == "__main__":
    main()
