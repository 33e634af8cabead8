#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The libraries `cudaarch check --json` judges for a program against what glibc's ld.so loads
for it, over layouts generated from a seed (issue 46).

    loader_vs_ld_so.py <cudaarch> <c++ compiler> <fatbin> <work folder> <seed> <layouts>

Five libraries and a program are linked once with g++ (each with a DT_RPATH, a DT_RUNPATH or
neither, whose string is a placeholder), every library with the fat binary in its .nv_fatbin
section so that check judges it. Each layout copies them into folders at random, writes a
random search path over each placeholder (absolute, $ORIGIN, ${ORIGIN}, $LIB, $PLATFORM, relative and
empty entries, an empty string), adds copies of another ELF class or machine, which the loader
passes over, and files that are not ELF, which stop it, leaves libraries out, and picks a
current folder, a way to name the program (relative, absolute, through a symbolic link) and an
LD_LIBRARY_PATH (unset, empty, with empty, relative and $ORIGIN entries). ld.so's answer is
the program run with LD_TRACE_LOADED_OBJECTS=1 (what ldd prints, through the kernel's exec of
the program, so that $ORIGIN is its real folder as in a real start). Every library the loader
finds must be the file check judges under that name, and no other library judged; where a
file that is not ELF stops the loader, check's text must name that file and ld.so's reason;
each layout that differs is printed with what each said.

Deliberate limits, left out of the layouts by name: glibc-hwcaps and legacy hwcap subfolders
(no search folder holds a folder named glibc-hwcaps, tls, haswell, avx512_1 or x86_64: the
$PLATFORM folder, whose name ld.so gives, is plat/<platform>, and plat is never searched), files
in the machine's loader cache or default folders (a test does not change /etc/ld.so.cache;
tests/unit covers the cache and -z nodeflib), secure (setuid) mode, LD_PRELOAD.
"""
import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys

PLACEHOLDER = b"@" * 480
# Each library: what it needs (link names), and its soname where it has one. libldx_e2.so
# is linked as itself but carries the soname libldx_e.so, so liba's need of libldx_e.so is met
# by it when it was loaded first: a name satisfied by an already loaded object's soname.
LIBRARIES = {
    "libldx_d.so": ([], None),
    "libldx_c.so": (["libldx_d.so"], None),
    "libldx_b.so": (["libldx_c.so", "libldx_d.so"], None),
    "libldx_e.so": ([], "libldx_e.so"),
    "libldx_a.so": (["libldx_c.so", "libldx_e.so"], None),
}
PROGRAM_NEEDS = ["libldx_a.so", "libldx_b.so", "libldx_e2.so"]
VARIANTS = ["none", "rpath", "runpath"]
FOLDERS = ["bin", "lib1", "lib2", "lib3", "env", "here", "bin/sub"]


def run(argv, **kwargs):
    done = subprocess.run(argv, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        sys.exit("%s failed:\n%s%s" % (" ".join(argv), done.stdout, done.stderr))
    return done


def build(cxx, fatbin, out):
    """Every library and the program in each variant, under out/<variant>/."""
    os.makedirs(out, exist_ok=True)
    asm = os.path.join(out, "fatbin.s")
    with open(asm, "w") as f:
        f.write('.section .nv_fatbin,"a"\n.balign 8\n.incbin "%s"\n' % fatbin)
    link = os.path.join(out, "link")  # what the linker reads: each name, without a soname
    os.makedirs(link, exist_ok=True)
    sources = {}
    for name, (needs, _) in LIBRARIES.items():
        symbol = name[len("lib"):-len(".so")]
        calls = "".join("int %s(); " % n[len("lib"):-len(".so")] for n in needs)
        body = " + ".join(["1"] + ["%s()" % n[len("lib"):-len(".so")] for n in needs])
        src = os.path.join(out, symbol + ".cpp")
        with open(src, "w") as f:
            # libldx_e.so's code is also the program's libldx_e2.so.
            f.write("%sint %s() { return %s; }\n%s" % (calls, symbol, body, "int ldx_e2() { return 2; }\n" if symbol == "ldx_e" else ""))
        sources[name] = src
    sources["libldx_e2.so"] = sources["libldx_e.so"]
    for name in ["libldx_d.so", "libldx_c.so", "libldx_b.so", "libldx_e.so", "libldx_e2.so", "libldx_a.so"]:
        needs = LIBRARIES.get(name, ([], None))[0]
        run([cxx, "-shared", "-fPIC", "-o", os.path.join(link, name), sources[name], "-L" + link, "-Wl,-rpath-link," + link]
            + ["-l:" + n for n in needs])
    placeholder = PLACEHOLDER.decode()
    flags = {"none": [], "rpath": ["-Wl,-rpath," + placeholder, "-Wl,--disable-new-dtags"],
             "runpath": ["-Wl,-rpath," + placeholder, "-Wl,--enable-new-dtags"]}
    main = os.path.join(out, "main.cpp")
    with open(main, "w") as f:
        f.write("int ldx_a(); int ldx_b(); int ldx_e2();\nint main() { return ldx_a() + ldx_b() + ldx_e2(); }\n")
    for variant in VARIANTS:
        folder = os.path.join(out, variant)
        os.makedirs(folder, exist_ok=True)
        for name in ["libldx_d.so", "libldx_c.so", "libldx_b.so", "libldx_e.so", "libldx_a.so"]:
            needs, soname = LIBRARIES[name]
            run([cxx, "-shared", "-fPIC", "-o", os.path.join(folder, name), sources[name], asm, "-L" + link, "-Wl,-rpath-link," + link]
                + ["-l:" + n for n in needs] + (["-Wl,-soname," + soname] if soname else []) + flags[variant])
        # libldx_e2.so's file is libldx_e.so's code under the soname libldx_e.so: the e variant.
        run([cxx, "-o", os.path.join(folder, "app"), main, "-L" + link, "-Wl,-rpath-link," + link] + ["-l:" + n for n in PROGRAM_NEEDS]
            + flags[variant])


def set_path(data, text):
    """The placeholder's bytes replaced by `text`, NUL-padded."""
    value = text.encode()
    assert len(value) < len(PLACEHOLDER), text
    at = data.find(PLACEHOLDER)
    assert at >= 0
    return data[:at] + value + b"\0" * (len(PLACEHOLDER) - len(value)) + data[at + len(PLACEHOLDER):]


def other_class(data):
    return data[:4] + b"\x01" + data[5:]  # ELFCLASS32: ld.so passes over it


def other_machine(data):
    return data[:18] + struct.pack("<H", 183) + data[20:]  # EM_AARCH64: ld.so passes over it


def random_path(rng, root, lib):
    """A search path: entries of several kinds joined with ':', sometimes empty or with empty entries."""
    if rng.random() < 0.1:
        return rng.choice(["", ":", "::"])
    kinds = [
        lambda: "$ORIGIN", lambda: "$ORIGIN/../" + rng.choice(["lib1", "lib2", "lib3", "env"]),
        lambda: "${ORIGIN}/" + rng.choice(["sub", "lib1", "../lib2"]),
        lambda: os.path.join(root, rng.choice(["lib1", "lib2", "lib3", "env", "bin"])),
        lambda: rng.choice(["lib1", "lib2", "../lib3", "sub", "."]), lambda: "",
        lambda: os.path.join(root, "$LIB"), lambda: "/nonexistent/ldx",
        lambda: os.path.join(root, "plat", rng.choice(["$PLATFORM", "${PLATFORM}"])),
    ]
    entries = [rng.choice(kinds)() for _ in range(rng.randint(1, 4))]
    path = ":".join(entries)
    return path + (":" if rng.random() < 0.1 else "")


def layout(rng, built, root, lib, platform):
    """Writes one layout under root; returns (argv0 for the program, current folder, LD_LIBRARY_PATH or None)."""
    shutil.rmtree(root, ignore_errors=True)
    folders = FOLDERS + [lib, os.path.join("plat", platform)]
    for folder in folders:
        os.makedirs(os.path.join(root, folder), exist_ok=True)
    description = []

    def read(variant, name):
        with open(os.path.join(built, variant, name), "rb") as f:
            return f.read()

    def place(data, folder, name):
        with open(os.path.join(root, folder, name), "wb") as f:
            f.write(data)
        description.append("%s/%s" % (folder, name))

    variant = rng.choice(VARIANTS)
    app = read(variant, "app")
    if variant != "none":
        text = random_path(rng, root, lib)
        app = set_path(app, text)
        description.append("app %s %r" % (variant, text))
    place(app, "bin", "app")
    os.chmod(os.path.join(root, "bin", "app"), 0o755)
    files = [(n, n) for n in LIBRARIES] + [("libldx_e.so", "libldx_e2.so")]
    for source, name in files:
        variant = rng.choice(VARIANTS)
        data = read(variant, source)
        if variant != "none":
            text = random_path(rng, root, lib)
            data = set_path(data, text)
            description.append("%s %s %r" % (name, variant, text))
        for folder in rng.sample(folders, rng.choice([0, 1, 1, 2, 2, 3, 4])):
            roll = rng.random()
            place(other_class(data) if roll < 0.08 else other_machine(data) if roll < 0.16
                  else rng.choice([b"not an ELF file, but longer than an ELF header's 64 bytes" * 2, b"short"])
                  if roll < 0.19 else data, folder, name)
    os.symlink("../bin/app", os.path.join(root, "here", "app_link"))
    cwd = os.path.join(root, rng.choice(["", "bin", "lib1", "here", "env"]))
    program = os.path.join(root, "bin", "app") if rng.random() < 0.3 else (
        os.path.join(root, "here", "app_link") if rng.random() < 0.3 else os.path.relpath(os.path.join(root, "bin", "app"), cwd))
    if "/" not in program:
        program = "./" + program
    roll = rng.random()
    llp = None if roll < 0.3 else "" if roll < 0.4 else random_path(rng, root, lib).replace(":", rng.choice([":", ";"]), 1)
    return program, cwd, llp, description


def ld_so(program, cwd, env):
    """name -> real path of each library the loader finds (ld.so's trace of the program itself),
    or {"stops": [real path, reason]} where a file that is not ELF stops it."""
    out = subprocess.run([program], cwd=cwd, env=dict(env, LD_TRACE_LOADED_OBJECTS="1"), capture_output=True, text=True)
    stop = re.search(r"error while loading shared libraries: (.*): (invalid ELF header|file too short)$", out.stderr, re.M)
    if stop:
        return {"stops": [os.path.realpath(os.path.join(cwd, stop.group(1))), stop.group(2)]}, out
    found = {}
    for line in out.stdout.splitlines():
        # "name => path (address)", or "name (address)" where the path is the name (found
        # through the current folder), or "name => not found".
        name, _, path = line.strip().rpartition(" (")[0].partition(" => ")
        if name.startswith("libldx_") and not line.endswith("not found"):
            found[name] = os.path.realpath(os.path.join(cwd, path or name))
    return found, out


def check(cudaarch, program, cwd, env, stops):
    """The same of check: the libraries --json judges, or where its text says the loader stops."""
    argv = [cudaarch, "check", "--gpu", "9.0", "--driver", "13.0", program]
    if stops:
        out = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
        stop = re.search(r"\) stops the loader at (.*) \((.*)\): ", out.stdout)
        return {"stops": [os.path.realpath(os.path.join(cwd, stop.group(1))), stop.group(2)] if stop else out.stdout}
    out = subprocess.run(argv[:2] + ["--json"] + argv[2:], cwd=cwd, env=env, capture_output=True, text=True)
    judged = {}
    try:
        for entry in json.loads(out.stdout)["files"]:
            if entry["loaded_as"]:
                judged[entry["loaded_as"]] = os.path.realpath(os.path.join(cwd, entry["path"]))
    except (ValueError, KeyError) as error:
        judged = {"unreadable output": str(error) + ": " + out.stdout + out.stderr}
    return judged


def main():
    cudaarch, cxx, fatbin, work, seed, count = sys.argv[1:7]
    cudaarch = os.path.abspath(cudaarch)
    built = os.path.join(work, "built")
    build(cxx, os.path.abspath(fatbin), built)
    # Where $LIB points: found by ld.so itself, from a program whose DT_RUNPATH is <probe>/$LIB.
    base = dict(os.environ)
    base.pop("LD_LIBRARY_PATH", None)
    base["CUDAARCH_LIBCUDA"] = "/nonexistent/libcuda.so.1"
    probe = os.path.join(work, "probe")
    shutil.rmtree(probe, ignore_errors=True)
    os.makedirs(probe)
    found = {}
    for token in ("$LIB", "$PLATFORM"):
        with open(os.path.join(built, "runpath", "app"), "rb") as f:
            app = set_path(f.read(), os.path.join(probe, token))
        with open(os.path.join(probe, "app"), "wb") as f:
            f.write(app)
        os.chmod(os.path.join(probe, "app"), 0o755)
        trace = subprocess.run([os.path.join(probe, "app")], env=dict(base, LD_TRACE_LOADED_OBJECTS="1", LD_DEBUG="libs"),
                               capture_output=True, text=True)
        for line in trace.stderr.splitlines():
            if "search path=" in line and "RUNPATH from file" in line:
                # The folder itself comes last, after its hwcaps subfolders.
                folder = line.split("search path=", 1)[1].split("\t", 1)[0].split(":")[-1]
                found[token] = os.path.relpath(folder, probe)
                break
        if token not in found:
            print("SKIP: ld.so did not say where %s points (LD_DEBUG=libs):\n%s" % (token, trace.stderr))
            return 0
    lib, platform = found["$LIB"], found["$PLATFORM"]
    rng = random.Random(int(seed))
    differ = 0
    stopped = 0
    for n in range(int(count)):
        root = os.path.join(work, "layout")
        program, cwd, llp, description = layout(rng, built, root, lib, platform)
        env = dict(base)
        if llp is not None:
            env["LD_LIBRARY_PATH"] = llp
        loaded, raw = ld_so(program, cwd, env)
        stopped += "stops" in loaded
        judged = check(cudaarch, program, cwd, env, "stops" in loaded)
        if loaded != judged:
            differ += 1
            print("layout %d differs: program %s, current folder %s, LD_LIBRARY_PATH %r" %
                  (n, program, os.path.relpath(cwd, root), llp))
            print("  files: " + "; ".join(description))
            print("  ld.so: %s\n  check: %s" % (json.dumps(loaded, sort_keys=True), json.dumps(judged, sort_keys=True)))
            print("  trace: " + raw.stdout.replace("\n", "\n         ") + raw.stderr)
            kept = os.path.join(work, "differs-%d" % n)
            shutil.rmtree(kept, ignore_errors=True)
            shutil.copytree(root, kept, symlinks=True)
    print("%d layouts (seed %s, $LIB %s, $PLATFORM %s; %d stopped by a file that is not ELF): %d differ" %
          (int(count), seed, lib, platform, stopped, differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
