#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CudaArch against the real toolchain: CMake releases, nvcc --dryrun, cuobjdump, clang.

  toolchains.py cmake     --cmake-under-test CMAKE --nvcc NVCC ...   the CMAKE dialect
  toolchains.py nvcc      --nvcc NVCC ...                            the NVCC dialect
  toolchains.py cuobjdump --nvcc NVCC --cuobjdump EXE --cudaarch EXE ...
  toolchains.py roundtrip --cudaarch EXE --nvcc NVCC --cmake-under-test CMAKE --clang CLANG ...
  (each also takes --corpus-tool EXE --cmake CMAKE --work DIR [--count N] [--seed N])

cmake: one generated project, one CUDA object library per corpus string in its own
subdirectory (CMake's errors name the directory, not the target), configured and generated
with Ninja by the CMake under test; the first pass finds the values it rejects, the second
generates the rest, and each target's FLAGS in build.ninja is the answer. nvcc: the
fatbinary, cicc and ptxas lines of `nvcc --dryrun` give the embedded images and the virtual
architecture each SASS image is compiled from. cuobjdump: a few renderings compiled for real
(`nvcc -fatbin`) and listed by NVIDIA's cuobjdump and by `cudaarch inspect`. roundtrip: lists
written by `cudaarch convert --to <format>` and read back by that format's real reader.

Answers are compared as in compare.py: sets of (virtual architecture, code) pairs, or a
rejection; a difference must match a row of docs/compatibility.md. A missing oracle prints
SKIP, unless CUDAARCH_REQUIRE_ORACLES=1 makes it a failure.
"""
import argparse
import os
import random
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import compare
from toolchain_corpora import (CMAKE_HAND_PICKED, DATABASE, NVCC13, NVCC_HAND_PICKED, ROUNDTRIP_HAND_PICKED,
                               generate_cmake, generate_lists, generate_nvcc)
from toolchain_oracles import KERNEL, clang_images, cmake_answers, dryrun_all, images_listed

HERE = Path(__file__).resolve().parent


def skip_or_fail(message):
    if os.environ.get("CUDAARCH_REQUIRE_ORACLES") == "1":
        sys.exit(f"{message}, and CUDAARCH_REQUIRE_ORACLES=1")
    print(f"SKIP: {message}")
    sys.exit(0)


def need(path, what):
    if not path or not Path(path).is_file():
        skip_or_fail(f"{what} ({path or 'not found'}) is missing")


def show(answer):
    return answer if isinstance(answer, str) else " ".join(f"{v}:{c}" for v, c in sorted(answer)) or "(none)"


def codes(answer):
    return frozenset(c for _, c in answer)


# ---------------------------------------------------------------- a dialect against its oracle

UNBUILT = re.compile(r"Unsupported gpu architecture '((?:sm|compute)_[0-9]+[af]?)'|"
                     r"Value '((?:sm|compute)_[0-9]+[af]?)' is not defined")


def unbuilt(theirs):
    """Whether nvcc refused a capability that exists but that this nvcc does not build (sm_50
    on 13.0): a fact of the toolkit, not of the notation; `convert` reads notation without a
    toolkit, cudaarch_resolve checks the list against the nvcc."""
    m = UNBUILT.search(theirs)
    name = m and (m.group(1) or m.group(2))
    parsed = name and re.fullmatch(r"(?:sm|compute)_([0-9]+)([af]?)", name)
    return bool(parsed) and parsed.group(1) in DATABASE and parsed.group(2) in DATABASE[parsed.group(1)]


def classify(args, dialect, corpus, peer, rows_for):
    """compare.py's rules: the engines agree exactly; the peer's answer equals CudaArch's, or
    the peer's flags fail in nvcc and CudaArch rejects the input, or a documented row matches."""
    cpp, cm = compare.engines(args, dialect, corpus, args.work)
    rows = [row for d in rows_for for row in compare.documented(d)]
    counts = {"agree": 0, "both reject": 0, "unbuilt": 0, "used": [0] * len(rows)}
    problems = []
    for text, theirs, a, b in zip(corpus, peer, cpp, cm):
        if not compare.same(a, b):
            problems.append(f"[{text}] the engines differ:\n    C++:   {a}\n    CMake: {b}")
            continue
        ours = compare.pairs(a[3:]) if a.startswith("OK ") else a
        if not isinstance(theirs, str) and compare.nvcc_rejects(theirs, DATABASE):
            theirs = f"ERR the peer's flags fail in nvcc: {show(theirs)}"
        if ours == theirs or (isinstance(ours, str) and isinstance(theirs, str)):
            counts["agree"] += 1
            counts["both reject"] += isinstance(ours, str)
            continue
        if isinstance(theirs, str) and unbuilt(theirs):
            counts["unbuilt"] += 1
            continue
        kind = compare.kind_of(theirs, ours)
        for i, (row_kind, pattern, _) in enumerate(rows):
            if row_kind == kind and pattern.search(text):
                counts["used"][i] += 1
                break
        else:
            problems.append(f"[{text}] {kind}, not in docs/compatibility.md:\n    peer:     {show(theirs)}\n"
                            f"    CudaArch: {show(ours)}")
    return counts, rows, problems


def report(title, corpus, hand_picked, args, counts, rows, problems):
    print(f"{title}: {len(corpus)} strings ({hand_picked} hand-picked, {len(corpus) - hand_picked} generated, "
          f"seed {args.seed}), {counts['agree']} agree ({counts['both reject']} of them rejected by both), "
          f"{sum(counts['used'])} documented differences, "
          + (f"{counts['unbuilt']} capabilities this nvcc does not build, " if counts["unbuilt"] else "")
          + f"{len(problems)} problems")
    for (kind, pattern, reason), n in zip(rows, counts["used"]):
        if n:
            print(f"  {n:4d}  {kind:8s} {pattern.pattern}")
    for problem in problems[:int(os.environ.get("PEERS_SHOW", "40"))]:
        print(problem)
    return len(problems)


def run_cmake(args, rng):
    need(args.cmake_under_test, "the CMake under test")
    need(args.nvcc, "nvcc")
    corpus = CMAKE_HAND_PICKED + generate_cmake(args.count, rng)
    version = cmake_version(args.cmake_under_test)
    peer = cmake_answers(args.cmake_under_test, args.nvcc, corpus, args.work / "project")
    result = classify(args, "CMAKE", corpus, peer, ["cmake", f"cmake@{version}"])
    return report(f"cmake {version}", corpus, len(CMAKE_HAND_PICKED), args, *result)


def cmake_version(cmake):
    out = subprocess.run([cmake, "--version"], capture_output=True, text=True).stdout
    return re.search(r"version (\d+\.\d+)", out).group(1)


def run_nvcc(args, rng):
    need(args.nvcc, "nvcc")
    corpus = NVCC_HAND_PICKED + generate_nvcc(args.count, rng)
    peer = dryrun_all(args.nvcc, corpus, args.work)
    version = nvcc_version(args.nvcc)
    result = classify(args, "NVCC", corpus, peer, ["nvcc", f"nvcc@{version}"])
    return report(f"nvcc {version}", corpus, len(NVCC_HAND_PICKED), args, *result)


def nvcc_version(nvcc):
    out = subprocess.run([nvcc, "--version"], capture_output=True, text=True).stdout
    return re.search(r"release (\d+\.\d+)", out).group(1)


# ---------------------------------------------------------------- round trips

def readers(args, work):
    """format -> function(renderings) -> answers: each format's real reader."""
    def opencv(texts):
        return compare.cmake_oracle_answers(args.cmake, "opencv_oracle.cmake", args.oracles, texts, work)

    def tf(texts):  # the stand-in: no TensorFlow reader runs without its Bazel sources
        path = work / "tf.txt"
        path.write_text("\n".join(texts) + "\n")
        out = compare.run([args.corpus_tool, "TF", path]).split("\n")[: len(texts)]
        return [compare.pairs(a[3:]) if a.startswith("OK ") else a for a in out]

    return {
        "gencode": lambda texts: dryrun_all(args.nvcc, texts, work / "nvcc"),
        "cmake": lambda texts: cmake_answers(args.cmake_under_test, args.nvcc, texts, work / "cmake"),
        "torch": lambda texts: compare.torch_answers(args.oracles, texts),
        "opencv": opencv,
        "clang": lambda texts: [clang_images(args.clang, shlex.split(t), work) for t in texts],
        "tf": tf,
    }


def convert(cudaarch, fmt, spec):
    done = subprocess.run([cudaarch, "convert", "--to", fmt, "--", spec], capture_output=True, text=True)
    warnings = [w for w in done.stderr.splitlines() if "warning:" in w]
    return done.returncode, done.stdout.strip(), warnings, done.stderr.strip()


def named(message, fmt, asked):
    """The message names the format and an image of one of the list's architectures."""
    numbers = {re.sub(r"^(sm|compute)_", "", image) for _, image in asked}
    return fmt.upper() in message and any(re.search(rf"(sm|compute)_{n}\b", message) for n in numbers)


def run_roundtrip(args, rng):
    for tool, what in [(args.cudaarch, "cudaarch"), (args.nvcc, "nvcc"), (args.cmake_under_test, "the CMake under test"),
                       (args.clang, "clang")]:
        need(tool, what)
    if not args.oracles or not args.oracles.is_dir():
        skip_or_fail(f"the peers' oracles ({args.oracles}) are missing")
    (args.work / "k.cu").write_text(KERNEL)
    # a third more from the capabilities every reader knows (clang 14 stops at sm_86)
    lists = ROUNDTRIP_HAND_PICKED + generate_lists(args.count, rng, NVCC13) + generate_lists(
        args.count // 3, rng, ["75", "80", "86"])
    path = args.work / "lists.txt"
    path.write_text("\n".join(lists) + "\n")
    asked = [compare.pairs(line[3:]) for line in compare.run([args.corpus_tool, "-", path]).split("\n")[: len(lists)]]
    failures = 0
    for fmt, read in readers(args, args.work).items():
        converted = [convert(args.cudaarch, fmt, spec) for spec in lists]
        written = [i for i, c in enumerate(converted) if c[0] == 0]
        answers = dict(zip(written, read([converted[i][1] for i in written])))
        counts = {"exact": 0, "refused": 0, "warned": 0, "reader too old": 0}
        problems = []
        for i, (spec, want, (rc, text, warnings, err)) in enumerate(zip(lists, asked, converted)):
            if rc != 0:
                ok = named(err, fmt, want)
                counts["refused"] += ok
                problems += [] if ok else [f"[{spec}] convert --to {fmt} failed without naming an image: {err}"]
                continue
            got = answers[i]
            if isinstance(got, str) and fmt == "clang" and "unsupported CUDA gpu architecture" in got:
                counts["reader too old"] += 1  # this clang predates the architecture
                continue
            if got == want and not warnings:
                counts["exact"] += 1
            elif not isinstance(got, str) and codes(got) == codes(want) and warnings and all(
                    named(w, fmt, want) for w in warnings):
                counts["warned"] += 1
            else:
                problems.append(f"[{spec}] --to {fmt}: {text}\n    asked:   {show(want)}\n    read back: {show(got)}"
                                + "".join(f"\n    {w}" for w in warnings))
        print(f"roundtrip {fmt}: {len(lists)} lists, " + ", ".join(f"{n} {k}" for k, n in counts.items())
              + f", {len(problems)} problems")
        for problem in problems[:int(os.environ.get("PEERS_SHOW", "20"))]:
            print("  " + problem)
        failures += len(problems)
    return failures


# ---------------------------------------------------------------- cuobjdump

def run_cuobjdump(args, rng):
    for tool, what in [(args.cudaarch, "cudaarch"), (args.nvcc, "nvcc"), (args.cuobjdump, "cuobjdump")]:
        need(tool, what)
    (args.work / "k.cu").write_text(KERNEL)
    lists = ROUNDTRIP_HAND_PICKED[:6] + generate_lists(args.count, rng, NVCC13)

    def build(i):
        rc, flags, _, err = convert(args.cudaarch, "gencode", lists[i])
        out = args.work / f"k{i}.fatbin"
        done = subprocess.run([args.nvcc, "-fatbin", args.work / "k.cu", "-o", out, *shlex.split(flags)],
                              capture_output=True, text=True)
        if rc != 0 or done.returncode != 0:
            return f"ERR {err}{done.stderr}"
        listed = subprocess.run([args.cuobjdump, "-lelf", "-lptx", out], capture_output=True, text=True).stdout
        ours = subprocess.run([args.cudaarch, "inspect", out], capture_output=True, text=True).stdout
        summary = re.search(r"^\S+: SASS (.*); PTX (.*)$", ours, re.M)
        return images_listed(listed), frozenset(summary.group(1).split() + summary.group(2).split()) - {"-"}

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(build, range(len(lists))))
    path = args.work / "lists.txt"
    path.write_text("\n".join(lists) + "\n")
    asked = [codes(compare.pairs(line[3:])) for line in compare.run([args.corpus_tool, "-", path]).split("\n")]
    problems = 0
    for spec, want, result in zip(lists, asked, results):
        # cuobjdump names an 'f' image by its base (sm_120f is "k.2.sm_120.cubin")
        base = frozenset(re.sub(r"(sm_[0-9]+)f$", r"\1", image) for image in want)
        if isinstance(result, str) or result[0] != base or result[1] != want:
            problems += 1
            print(f"[{spec}] asked {sorted(want)}, got (cuobjdump, cudaarch inspect) {result}")
    print(f"cuobjdump: {len(lists)} renderings compiled by nvcc, {len(lists) - problems} hold exactly the asked images "
          f"in cuobjdump's and cudaarch inspect's listings, {problems} problems")
    return problems


def main():
    p = argparse.ArgumentParser()
    p.add_argument("oracle", choices=["cmake", "nvcc", "cuobjdump", "roundtrip"])
    p.add_argument("--corpus-tool", required=True)
    p.add_argument("--cmake", required=True, help="the CMake that runs the CMake engine")
    p.add_argument("--cmake-under-test", help="the CMake release asked as the oracle")
    p.add_argument("--nvcc")
    p.add_argument("--cuobjdump")
    p.add_argument("--cudaarch")
    p.add_argument("--clang")
    p.add_argument("--oracles", type=Path)
    p.add_argument("--work", type=Path, required=True)
    p.add_argument("--count", type=int, default=300)
    p.add_argument("--seed", type=int, default=compare.SEED)
    args = p.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    runner = {"cmake": run_cmake, "nvcc": run_nvcc, "roundtrip": run_roundtrip, "cuobjdump": run_cuobjdump}[args.oracle]
    sys.exit(1 if runner(args, rng) else 0)


if __name__ == "__main__":
    main()
