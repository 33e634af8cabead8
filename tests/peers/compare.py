#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CudaArch's two engines against a peer's real reader, on one corpus per dialect.

  compare.py <dialect> --oracles DIR --corpus-tool EXE --cmake CMAKE --work DIR [--count N]

<dialect>: torch (PyTorch's cpp_extension reader), torch-cmake (PyTorch's
CUDA_SELECT_NVCC_ARCH_FLAGS), opencv (OpenCV's CUDA_ARCH_BIN reader), or engines (the
C++ and CMake engines against each other on mutated notation, no peer).

The corpus is the hand-picked cases of compare_corpus.py plus --count strings generated from the
dialect's grammar with a fixed seed. Each engine reads all of it in one process
(parse_corpus.cpp, parse_corpus.cmake), so does each peer (in this process, or one cmake -P).
What is compared: the set of (virtual architecture, code) pairs of the -gencode flags, or
a rejection. The engines must agree with each other exactly (flags or error message). A
disagreement with the peer must match a row of the table in docs/compatibility.md, which
gives the reason; anything else fails. Without the oracles the test prints SKIP, unless
CUDAARCH_REQUIRE_ORACLES=1 (CI) makes that a failure.
"""
import argparse
import importlib.util
import os
import random
import re
import subprocess
import sys
from pathlib import Path

from compare_corpus import HAND_PICKED, generate, generate_engines

HERE = Path(__file__).resolve().parent
DOC = HERE.parent.parent / "docs" / "compatibility.md"
SEED = 20261130


# ---------------------------------------------------------------- answers

GENCODE = re.compile(r"arch=(compute_[0-9]+[af]?),code=(\[[^\]]*\]|[a-z_0-9]+)")


def pairs(flags):
    """The (virtual, code) pairs of -gencode flags in any spelling."""
    out = set()
    for arch, code in GENCODE.findall(flags):
        for c in code.strip("[]").split(","):
            out.add((arch, c.strip()))
    return frozenset(out)


def torch_answers(oracles, corpus):
    spec = importlib.util.spec_from_file_location("torch_oracle", oracles / "torch_cuda_arch_flags.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    answers = []
    for line in corpus:
        if line in ("", "native"):
            answers.append(None)  # the GPU query; not an explicit list
            continue
        os.environ["TORCH_CUDA_ARCH_LIST"] = line
        try:
            answers.append(pairs(" ".join(module._get_cuda_arch_flags())))
        except Exception as e:  # the reader's rejection
            answers.append("ERR " + str(e))
    os.environ.pop("TORCH_CUDA_ARCH_LIST", None)
    return answers


def cmake_oracle_answers(cmake, runner, oracles, corpus, work):
    path = work / "peer_corpus.txt"
    path.write_text("\n".join(corpus) + "\n")
    out = work / "peer_answers.txt"
    run([cmake, f"-DORACLES={oracles}", f"-DCORPUS={path}", f"-DOUTPUT={out}", "-P", str(HERE / runner)])
    answers = []
    for line in out.read_text().split("\n")[: len(corpus)]:
        answers.append(pairs(line[3:]) if line.startswith("OK ") else line)
    return answers


def run(command):
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return done.stdout


def engines(args, dialect, corpus, work):
    path = work / "corpus.txt"
    path.write_text("\n".join(corpus) + "\n")
    cpp = run([args.corpus_tool, dialect, path]).split("\n")[: len(corpus)]
    out = work / "cmake_answers.txt"
    run([args.cmake, f"-DCORPUS={path}", f"-DOUTPUT={out}", f"-DDIALECT={dialect}", "-P", HERE / "parse_corpus.cmake"])
    cm = out.read_text().split("\n")[: len(corpus)]
    return cpp, cm


# ---------------------------------------------------------------- documented differences

def documented(dialect):
    """Rows of the differences table in docs/compatibility.md for this dialect:
    (kind, compiled pattern, reason). Patterns are Python regexes in backticks."""
    rows = []
    for line in DOC.read_text().splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip()[1:-1])] if line.startswith("|") else []
        if len(cells) != 4 or cells[0] != dialect:
            continue
        pattern = cells[2].strip("`").replace("\\|", "|")
        rows.append((cells[1], re.compile(pattern), cells[3]))
    return rows


def same(a, b):
    """The engines' answers agree: the same flags, or errors of one class (the message
    with its quotes of the input left out, which may show a separator differently)."""
    quoted = re.compile(r"'[^']*'")
    return a == b or (a.startswith("ERR") and b.startswith("ERR") and quoted.sub("'", a) == quoted.sub("'", b))


def database_ccs():
    """{number: suffixes} of every capability in cmake/data/cuda-architectures.txt."""
    ccs = {}
    for line in (HERE.parent.parent / "cmake" / "data" / "cuda-architectures.txt").read_text().splitlines():
        fields = line.split("|")
        if fields[0] == "cc":
            ccs[fields[1].replace(".", "")] = "".join(s[0] for s in fields[6].split() if fields[6] != "-")
    return ccs


def nvcc_rejects(peer_pairs, ccs):
    """Whether nvcc would refuse the peer's flags: a capability or suffix that does not
    exist, or SASS from a newer virtual architecture (nvcc's rule, docs/notation.md)."""
    def parse(name):
        m = re.fullmatch(r"(?:compute|sm)_([0-9]+)([af]?)", name)
        return (m.group(1), m.group(2)) if m else None
    for arch, code in peer_pairs:
        v, c = parse(arch), parse(code)
        if not v or not c:
            return True
        for number, suffix in (v, c):
            if number not in ccs or (suffix and suffix not in ccs[number]):
                return True
        if (int(v[0][:-1]), int(v[0][-1])) > (int(c[0][:-1]), int(c[0][-1])) or (v[1] == "a" and v != c):
            return True
    return False


def kind_of(peer, ours):
    if isinstance(peer, str):
        return "lenient"
    if isinstance(ours, str):
        return "stricter"
    return "differs"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dialect", choices=["torch", "torch-cmake", "opencv", "engines"])
    p.add_argument("--oracles", type=Path)
    p.add_argument("--corpus-tool", required=True)
    p.add_argument("--cmake", required=True)
    p.add_argument("--work", type=Path, required=True)
    p.add_argument("--count", type=int, default=300)
    p.add_argument("--seed", type=int, default=SEED)
    args = p.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)

    if args.dialect == "engines":
        corpus = generate_engines(args.count, rng)
        failures = 0
        # The dialects change a few rules only: the default, TORCH (names) and NVCC (-arch).
        for dialect in ["-", "TORCH", "NVCC"]:
            cpp, cm = engines(args, dialect, corpus, args.work)
            bad = [(c, a, b) for c, a, b in zip(corpus, cpp, cm) if not same(a, b)]
            ok = sum(1 for a in cpp if a.startswith("OK"))
            print(f"engines {dialect}: {len(corpus)} strings, {ok} accepted, {len(bad)} differ")
            for c, a, b in bad[:20]:
                print(f"  [{c}]\n    C++:   {a}\n    CMake: {b}")
            failures += len(bad)
        sys.exit(1 if failures else 0)

    if not args.oracles or not args.oracles.is_dir():
        message = f"the peers' oracles ({args.oracles}) are missing"
        if os.environ.get("CUDAARCH_REQUIRE_ORACLES") == "1":
            sys.exit(f"{message}, and CUDAARCH_REQUIRE_ORACLES=1")
        print(f"SKIP: {message}")
        return

    corpus = HAND_PICKED[args.dialect] + generate(args.dialect, args.count, rng)
    ours_dialect = {"torch": "TORCH", "torch-cmake": "TORCH", "opencv": "OPENCV"}[args.dialect]
    if args.dialect == "torch":
        peer = torch_answers(args.oracles, corpus)
    else:
        runner = {"torch-cmake": "torch_cmake_oracle.cmake", "opencv": "opencv_oracle.cmake"}[args.dialect]
        peer = cmake_oracle_answers(args.cmake, runner, args.oracles, corpus, args.work)
    cpp, cm = engines(args, ours_dialect, corpus, args.work)

    rows = documented(args.dialect)
    used = [0] * len(rows)
    agree = 0
    refused = 0
    ccs = database_ccs()
    problems = []
    for text, theirs, a, b in zip(corpus, peer, cpp, cm):
        if not same(a, b):
            problems.append(f"[{text}] the engines differ:\n    C++:   {a}\n    CMake: {b}")
            continue
        if theirs is None:
            continue
        flags, *warnings = a[3:].split(" || ") if a.startswith("OK ") else (a,)
        ours = pairs(flags) if a.startswith("OK ") else a
        if args.dialect == "torch" and isinstance(ours, frozenset) and isinstance(theirs, str) != bool(warnings):
            # The TORCH dialect says what PyTorch would reject, and only that.
            said = "warns: " + " | ".join(warnings) if warnings else "accepts it without a warning"
            problems.append(f"[{text}] PyTorch: {theirs}; CudaArch {said}")
            continue
        if ours == theirs or (isinstance(ours, str) and isinstance(theirs, str)):
            agree += 1
            continue
        kind = kind_of(theirs, ours)
        if kind == "stricter" and nvcc_rejects(theirs, ccs):
            refused += 1  # the peer's flags fail in nvcc: CudaArch says so at configure time
            continue
        for i, (row_kind, pattern, _) in enumerate(rows):
            if row_kind == kind and pattern.search(text):
                used[i] += 1
                break
        else:
            show = lambda x: x if isinstance(x, str) else " ".join(f"{v}:{c}" for v, c in sorted(x))
            problems.append(f"[{text}] {kind}, not in docs/compatibility.md:\n    peer:     {show(theirs)}\n"
                            f"    CudaArch: {show(ours)}")
    compared = sum(1 for t in peer if t is not None)
    print(f"{args.dialect}: {len(corpus)} strings ({len(HAND_PICKED[args.dialect])} hand-picked, "
          f"{args.count} generated, seed {args.seed}), {compared} compared, {agree} agree, "
          f"{sum(used)} documented differences, {refused} where the peer's flags fail in nvcc and "
          f"CudaArch rejects the input, {len(problems)} problems")
    for (kind, pattern, reason), n in zip(rows, used):
        print(f"  {n:4d}  {kind:8s} {pattern.pattern}  ({reason})")
    for problem in problems[:int(os.environ.get("PEERS_SHOW", "40"))]:
        print(problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
