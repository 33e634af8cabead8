# SPDX-License-Identifier: Apache-2.0
"""Runs the ```console examples of a Markdown file and compares their output.

    console_examples.py --cudaarch EXE --nvcc NVCC --stub-driver SO --work DIR FILE.md
                        [--fixture NAME=PATH]...

Each line of a block that starts with "$ " is a command, run by bash; the lines up to the
next command are what it prints, stdout and stderr together, compared exactly ("…"
elides text within a line). The
commands run on a simulated machine, the same for every run and every host:
  - `cudaarch` (and README's `build/main/src/cudaarch`) is the tool under test;
  - `nvcc` is NVCC, a stand-in replaying nvcc 13.0, shown as /usr/local/cuda/bin/nvcc;
  - there is no NVIDIA driver and no libcudart, unless the block says otherwise.
An HTML comment right before a block changes that, with space-separated settings:
    <!-- console-test: gpus="9.0=NVIDIA H200=132=143771=3b" file:/opt/x.so=NAME -->
  gpus=SPEC         the stub driver as libcuda.so.1, release 580.159.04, with these
                    devices (CUDAARCH_STUB_DEVICES)
  file:PATH=NAME    the documented PATH is the fixture NAME (--fixture), in the
                    commands and back in the output
  ldconfig=PATH     ldconfig lists PATH as the libcudart the loader finds (an empty file)
  skip=REASON       the block cannot run on the simulated machine: not run, and the
                    test reports a skip with REASON when no block of the file ran
A block with no "$ " line is not an example and is left alone.
"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

BLOCK = re.compile(r"(?:<!--\s*console-test:(?P<settings>.*?)-->\s*\n)?```console\n(?P<body>.*?)```", re.S)
DOCUMENTED_NVCC = "/usr/local/cuda/bin/nvcc"


def parse_block(body):
    """The (command, expected output) pairs of one block."""
    pairs = []
    for line in body.splitlines(keepends=True):
        if line.startswith("$ "):
            pairs.append([line[2:].rstrip("\n"), ""])
        elif pairs:
            pairs[-1][1] += line
    return pairs


def matches(output, expected):
    """Whether the output is the documented one, where "…" in the documentation elides text
    within a line."""
    if "…" not in expected:
        return output == expected
    pattern = "[^\n]*?".join(re.escape(part) for part in expected.split("…"))
    return re.fullmatch(pattern, output) is not None


def machine(settings, args, work):
    """The environment and the documented <-> actual path pairs for one block."""
    bin_dir = os.path.join(work, "bin")
    os.makedirs(bin_dir, exist_ok=True)
    for name, target in (("cudaarch", args.cudaarch), ("nvcc", args.nvcc)):
        link = os.path.join(bin_dir, name)
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(target, link)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("CUDA") and key not in ("LD_LIBRARY_PATH",)}
    no_libraries = os.path.join(work, "no-libraries")
    os.makedirs(no_libraries, exist_ok=True)
    env.update(PATH=bin_dir + os.pathsep + "/usr/bin:/bin", LC_ALL="C", CUDAARCH_LIBCUDA="/nonexistent/libcuda.so.1", CUDAARCH_SYSFS_ROOT="/nonexistent",
               CUDAARCH_LDCONFIG="/bin/true", CUDAARCH_LIBRARY_DIRS=no_libraries)
    # A home of its own: doctor names the driver's JIT cache, ~/.nv/ComputeCache.
    home = os.path.join(work, "home")
    os.makedirs(home, exist_ok=True)
    env["HOME"] = home
    paths = [("build/main/src/cudaarch", "cudaarch"), (DOCUMENTED_NVCC, os.path.join(bin_dir, "nvcc")),
             ("/home/user", home)]
    for key, value in settings:
        if key == "gpus":
            driver_dir = os.path.join(work, "driver")
            os.makedirs(driver_dir, exist_ok=True)
            driver = os.path.join(driver_dir, "libcuda.so.580.159.04")
            if not os.path.exists(driver):
                # A copy: the release comes from the real name of the loaded library.
                shutil.copy(args.stub_driver, driver)
                os.symlink("libcuda.so.580.159.04", os.path.join(driver_dir, "libcuda.so.1"))
            env.update(CUDAARCH_LIBCUDA="libcuda.so.1", LD_LIBRARY_PATH=driver_dir, CUDAARCH_STUB_DEVICES=value,
                       CUDAARCH_STUB_DRIVER_VERSION="13000")
        elif key.startswith("file:"):
            paths.append((key[len("file:"):], args.fixtures[value]))
        elif key == "ldconfig":
            actual = os.path.join(work, "ldconfig", os.path.basename(value))
            os.makedirs(os.path.dirname(actual), exist_ok=True)
            open(actual, "w").close()
            tool = os.path.join(work, "ldconfig", "ldconfig")
            with open(tool, "w") as script:
                script.write(f"#!/bin/sh\necho '\t{os.path.basename(value)} (libc6,x86-64) => {actual}'\n")
            os.chmod(tool, 0o755)
            env["CUDAARCH_LDCONFIG"] = tool
            paths.append((value, actual))
        else:
            raise SystemExit(f"unknown console-test setting '{key}'")
    return env, paths


def run(path, args):
    with open(path, encoding="utf-8") as md:
        text = md.read()
    failures, count, skipped = [], 0, []
    for number, match in enumerate(BLOCK.finditer(text), 1):
        pairs = parse_block(match.group("body"))
        if not pairs:
            continue
        settings = []
        for token in shlex.split(match.group("settings") or ""):
            key, _, value = token.partition("=")
            settings.append((key, value))
        if any(key == "skip" for key, _ in settings):
            skipped += [f"block {number}: {value}" for key, value in settings if key == "skip"]
            continue
        work = tempfile.mkdtemp(prefix=f"block{number}-", dir=args.work)
        env, paths = machine(settings, args, work)
        for command, expected in pairs:
            count += 1
            actual_command = command
            for documented, actual in paths:
                actual_command = actual_command.replace(documented, actual)
            result = subprocess.run(["bash", "-c", actual_command], env=env, cwd=work, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True, check=False)
            output = result.stdout
            for documented, actual in sorted(paths, key=lambda pair: -len(pair[1])):
                if actual != "cudaarch":
                    output = output.replace(actual, documented)
            if not matches(output, expected):
                failures.append(f"{path}, block {number}: $ {command}\n--- documented\n{expected}--- printed\n{output}")
    print(f"{path}: {count} command(s), {len(failures)} differ")
    for failure in failures:
        print(failure)
    for block in skipped:
        print(f"SKIP: {path}, {block}" if not count else f"not run: {path}, {block}")
    if not count and skipped:
        return 0
    return 1 if failures or not count else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cudaarch", required=True)
    parser.add_argument("--nvcc", required=True)
    parser.add_argument("--stub-driver", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--fixture", action="append", default=[], help="NAME=PATH")
    parser.add_argument("file")
    args = parser.parse_args()
    args.fixtures = dict(item.split("=", 1) for item in args.fixture)
    os.makedirs(args.work, exist_ok=True)
    return run(args.file, args)


if __name__ == "__main__":
    sys.exit(main())
