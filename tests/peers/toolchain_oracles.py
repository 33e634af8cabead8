# SPDX-License-Identifier: Apache-2.0
"""The real tools toolchains.py asks, and the readers of their answers: CMake releases, nvcc
--dryrun, clang -### and cuobjdump's listing."""
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

KERNEL = "__global__ void kernel() {}\n"


# ---------------------------------------------------------------- CMake as the oracle

def cmake_answers(cmake, nvcc, values, work):
    """Per value: a frozenset of pairs, or "ERR <CMake's message>", from real CMake. CMake
    writes -arch=all for the keywords: what nvcc makes of those flags is the answer."""
    work.mkdir(parents=True, exist_ok=True)
    (work / "k.cu").write_text(KERNEL)
    (work / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.18)\nproject(corpus CUDA)\ninclude(values.cmake)\n")
    for i, value in enumerate(values):
        folder = work / f"v{i}"
        folder.mkdir(exist_ok=True)
        (folder / "CMakeLists.txt").write_text(
            f"add_library(t{i} OBJECT ../k.cu)\nset_property(TARGET t{i} PROPERTY CUDA_ARCHITECTURES [==[{value}]==])\n")
    answers = {}
    active = list(range(len(values)))
    for _ in range(3):  # the first pass names the rejected values; the next generates the rest
        (work / "values.cmake").write_text("".join(f"add_subdirectory(v{i})\n" for i in active))
        done = subprocess.run([cmake, "-G", "Ninja", "-S", work, "-B", work / "build", f"-DCMAKE_CUDA_COMPILER={nvcc}",
                               "-DCMAKE_CUDA_ARCHITECTURES=75-real"], capture_output=True, text=True)
        rejected = {}
        for m in re.finditer(r"CMake Error (?:in|at) v(\d+)/CMakeLists\.txt[^\n]*\n((?:  [^\n]*\n|\n(?=  ))*)",
                             done.stderr):
            rejected.setdefault(int(m.group(1)), "ERR " + " ".join(m.group(2).split()))
        if done.returncode == 0:
            break
        if not rejected:
            sys.exit(f"{cmake} failed on the corpus project ({work}):\n{done.stdout}{done.stderr}")
        answers.update(rejected)
        active = [i for i in active if i not in rejected]
    else:
        sys.exit(f"{cmake} kept failing on the corpus project ({work})")
    ninja = (work / "build" / "build.ninja").read_text()
    for m in re.finditer(r"^build v(\d+)/CMakeFiles/t\d+\.dir/\S*\.o: .*\n((?:  .*\n)*)", ninja, re.M):
        flags = re.search(r"^  FLAGS = (.*)$", m.group(2), re.M)
        flags = flags.group(1) if flags else ""
        answers[int(m.group(1))] = dryrun(nvcc, flags, work) if "-arch=" in flags else cmake_pairs(flags)
    missing = [i for i in active if i not in answers]
    if missing:
        sys.exit(f"no build line for {len(missing)} values in {work}/build/build.ninja, e.g. [{values[missing[0]]}]")
    return [answers[i] for i in range(len(values))]


def cmake_pairs(flags):
    """The pairs of CMake's --generate-code flags, kept as CMake wrote them (compute_7.5 too)."""
    out = set()
    for flag in flags.split("--generate-code=")[1:]:
        m = re.match(r"arch=(.*),code=(\[[^\]]*\]|\S+)", flag)
        out.update((m.group(1), c) for c in m.group(2).strip("[]").split(",")) if m else out.add((flag, "?"))
    return frozenset(out)


# ---------------------------------------------------------------- nvcc --dryrun as the oracle

def dryrun(nvcc, flags, work):
    """The images `nvcc --dryrun -c` would embed for flags, as pairs, or "ERR <nvcc's message>"."""
    try:
        words = shlex.split(flags)
    except ValueError as e:
        return f"ERR shell syntax: {e}"
    done = subprocess.run([nvcc, "--dryrun", "-c", work / "k.cu", "-o", work / "k.o", *words],
                          capture_output=True, text=True)
    if done.returncode != 0:
        return "ERR " + " ".join(line.split(":", 1)[-1].strip() for line in done.stderr.splitlines()
                                 if "fatal" in line or "error" in line)
    virtual_of = {}  # a file cicc or ptxas wrote -> the virtual architecture it comes from
    images = set()
    for line in done.stderr.splitlines():
        if not line.startswith("#$ "):
            continue
        cicc = re.search(r"/cicc\"? .* -arch (compute_\w+) .* -o \"([^\"]+)\"", line)
        if cicc:
            virtual_of[cicc.group(2)] = cicc.group(1)
        ptxas = re.match(r"#\$ ptxas -arch=(sm_\w+) .*\"([^\"]+\.ptx)\"\s+-o \"([^\"]+)\"", line)
        if ptxas:
            virtual_of[ptxas.group(3)] = virtual_of.get(ptxas.group(2), "?")
        for kind, sm, path in re.findall(r"--image3=kind=(elf|ptx),sm=(\w+),file=([^\"\s]+)", line):
            virtual = virtual_of.get(path, "?")
            images.add((virtual, ("sm_" if kind == "elf" else "compute_") + sm))
    return frozenset(images)


def dryrun_all(nvcc, corpus, work):
    work.mkdir(parents=True, exist_ok=True)
    (work / "k.cu").write_text(KERNEL)
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(lambda flags: dryrun(nvcc, flags, work), corpus))


def clang_images(clang, words, work):
    """The images clang -### would bundle, as pairs (clang builds each sm_ from its own
    compute_), or "ERR <clang's message>"."""
    done = subprocess.run([clang, "-x", "cuda", "-c", work / "k.cu", "-###", "--cuda-path=/usr/local/cuda",
                           "-nocudainc", "-nocudalib", *words], capture_output=True, text=True)
    errors = [line for line in done.stderr.splitlines() if "error:" in line]  # -### exits 0 on them
    if done.returncode != 0 or errors:
        return "ERR " + " ".join(errors)
    images = set()
    for profile in re.findall(r"--image=profile=((?:sm|compute)_\w+),file=", done.stderr):
        images.add(("compute_" + profile.split("_", 1)[1], profile))
    return frozenset(images)


def images_listed(listing):
    """{sm_XX, compute_XX} from cuobjdump -lelf -lptx lines ("ELF file 1: k.1.sm_90a.cubin")."""
    out = set()
    for kind, arch in re.findall(r"^(ELF|PTX) file +\d+: \S*?\.(sm_\w+)\.(?:cubin|ptx)$", listing, re.M):
        out.add(arch if kind == "ELF" else "compute_" + arch[3:])
    return frozenset(out)
