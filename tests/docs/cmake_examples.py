# SPDX-License-Identifier: Apache-2.0
"""Configures the ```cmake examples of a Markdown file as the projects they are.

    cmake_examples.py --cmake CMAKE --cudaarch-dir BUILD --source REPO --nvcc NVCC --work DIR FILE.md

Each ```cmake block is a whole project's CMakeLists.txt, copied as the page shows it into
a folder of its own, with a small source file for every source it names (kernels.cu,
main.cpp, ...), and configured on a machine without a GPU (CUDA_VISIBLE_DEVICES=-1), as
its first configure there (an empty machine-wide detection cache):
    cmake -S <folder> -B <folder>/build -G Ninja -DCudaArch_DIR=BUILD -DCMAKE_CUDA_COMPILER=NVCC
It must configure (exit 0). An HTML comment right before a block changes that:
    <!-- cmake-test: report fetch subdirectory=third_party/cudaarch -->
  report            the next ```text block of the page is the report the configure prints:
                    its lines must appear in this order in the output ("…" elides text
                    within a line)
  fetch             FetchContent's download is replaced by this checkout
                    (-DFETCHCONTENT_SOURCE_DIR_CUDAARCH=REPO, CMake's own override), so
                    the block runs as copied without a network
  subdirectory=PATH the checkout is at PATH in the project's folder (add_subdirectory)
  args=ARGS         more configure arguments, {source} standing for the checkout
  conan             conan 2 (PyPI conan) first writes build/conan_toolchain.cmake from a
                    conanfile.txt of only "[generators] CMakeToolchain", offline, and the
                    configure uses it; without conan the block is skipped
  no-nvcc           a machine without nvcc: no CMAKE_CUDA_COMPILER, and PATH without the
                    folders that hold one (CUDACXX and CUDA_PATH are never passed on)
  file=PATH         not a project: the block is the file PATH of the project block before
                    it (a subproject's CMakeLists.txt), written there before that project
                    is configured, with a source file for every source it names
  skip=REASON       not configured; the test reports a skip with REASON when no block ran
A block without cmake_minimum_required is a fragment, which fails: every CMake block of the
page must be a whole project a reader can copy.
"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys

BLOCK = re.compile(r"(?:<!--\s*cmake-test:(?P<settings>.*?)-->\s*\n)?```cmake\n(?P<body>.*?)```", re.S)
TEXT = re.compile(r"```text\n(?P<body>.*?)```", re.S)
SOURCE = re.compile(r"(?<![\w/.${}-])([\w/-]+\.(?:cu|cpp|cxx|cc))\b")


def source_text(path):
    """A source that compiles alone: a kernel named after the file, and main() in main.*."""
    stem = re.sub(r"\W", "_", os.path.splitext(os.path.basename(path))[0])
    text = f"__global__ void kernel_{stem}() {{}}\n" if path.endswith(".cu") else f"void function_{stem}() {{}}\n"
    if stem == "main":
        text += "int main() { return 0; }\n"
    return text


def in_order(output, lines):
    """The first documented line not found after the previous one, or None."""
    at = 0
    for line in lines:
        pattern = re.compile("[^\n]*?".join(re.escape(part) for part in line.split("…")))
        found = None
        for candidate in re.finditer(r"[^\n]*", output[at:]):
            if pattern.fullmatch(candidate.group(0)):
                found = candidate
                break
        if not found:
            return line
        at += found.end()
    return None


def conan_toolchain(project, env):
    """Writes <project>/build/conan_toolchain.cmake with conan 2, offline, in a conan home of the
    project's own; why it could not, or None."""
    conan = shutil.which("conan")
    with open(os.path.join(project, "conanfile.txt"), "w", encoding="utf-8") as recipe:
        recipe.write("[generators]\nCMakeToolchain\n")
    conan_env = dict(env, CONAN_HOME=os.path.join(project, "conan-home"))
    for step in (["profile", "detect"], ["install", ".", "--output-folder=build"]):
        done = subprocess.run([conan] + step, cwd=project, env=conan_env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, check=False)
        if done.returncode != 0:
            return f"conan {' '.join(step)} failed (exit {done.returncode}):\n{done.stdout}"
    return None


def write_project_file(project, name, body):
    """<body> as the file <name> of <project>, with a source file for each source it names."""
    folder = os.path.dirname(os.path.join(project, name))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(project, name), "w", encoding="utf-8") as lists:
        lists.write(body)
    for source in sorted(set(SOURCE.findall(body))):
        os.makedirs(os.path.dirname(os.path.join(folder, source)), exist_ok=True)
        with open(os.path.join(folder, source), "w", encoding="utf-8") as file:
            file.write(source_text(source))


def blocks(text):
    """(number, match, settings, files) per block that is a project: files holds the
    (PATH, body) of the file=PATH blocks after it."""
    out, errors = [], []
    for number, match in enumerate(BLOCK.finditer(text), 1):
        settings = dict(token.partition("=")[::2] for token in shlex.split(match.group("settings") or ""))
        if "file" in settings:
            if not out:
                errors.append(f"block {number}: file={settings['file']} but no project block before it")
            else:
                out[-1][3].append((settings["file"], match.group("body")))
            continue
        out.append((number, match, settings, []))
    return out, errors


def run(path, args):
    with open(path, encoding="utf-8") as md:
        text = md.read()
    failures, count, skipped = [], 0, []
    projects, errors = blocks(text)
    failures += [f"{path}, {error}" for error in errors]
    for number, match, settings, files in projects:
        body = match.group("body")
        if "skip" in settings:
            skipped.append(f"block {number}: {settings['skip']}")
            continue
        if "cmake_minimum_required" not in body:
            failures.append(f"{path}, block {number}: not a whole project (no cmake_minimum_required)")
            continue
        count += 1
        project = os.path.join(args.work, f"block{number}")
        shutil.rmtree(project, ignore_errors=True)
        os.makedirs(project)
        write_project_file(project, "CMakeLists.txt", body)
        for name, file_body in files:
            write_project_file(project, name, file_body)
        command = [args.cmake, "-S", project, "-B", os.path.join(project, "build"), "-G", "Ninja",
                   f"-DCudaArch_DIR={args.cudaarch_dir}"]
        if "no-nvcc" not in settings:
            command.append(f"-DCMAKE_CUDA_COMPILER={args.nvcc}")
        command += shlex.split(settings.get("args", "").replace("{source}", args.source))
        if "fetch" in settings:
            command.append(f"-DFETCHCONTENT_SOURCE_DIR_CUDAARCH={args.source}")
        if settings.get("subdirectory"):
            link = os.path.join(project, settings["subdirectory"])
            os.makedirs(os.path.dirname(link), exist_ok=True)
            os.symlink(args.source, link)
        env = {key: value for key, value in os.environ.items()
               if not key.startswith("CUDA") and key not in ("TORCH_CUDA_ARCH_LIST",)}
        # A first configure on this machine: no machine-wide detection cache of earlier runs.
        env.update(CUDA_VISIBLE_DEVICES="-1", CUDAARCH_DETECT_CACHE_DIR=os.path.join(project, "machine-cache"))
        if "no-nvcc" in settings:
            env["PATH"] = os.pathsep.join(folder for folder in env.get("PATH", "").split(os.pathsep)
                                          if folder and not os.path.exists(os.path.join(folder, "nvcc")))
        if "conan" in settings:
            if not shutil.which("conan"):
                count -= 1
                skipped.append(f"block {number}: conan not found (pip install conan)")
                continue
            problem = conan_toolchain(project, env)
            if problem:
                failures.append(f"{path}, block {number}: {problem}")
                continue
            command.append(f"-DCMAKE_TOOLCHAIN_FILE={os.path.join(project, 'build', 'conan_toolchain.cmake')}")
        result = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                check=False)
        where = f"{path}, block {number}"
        if result.returncode != 0:
            failures.append(f"{where}: configure failed (exit {result.returncode}):\n{result.stdout}")
            continue
        if "report" in settings:
            report = TEXT.search(text, match.end())
            if not report:
                failures.append(f"{where}: 'report' but no ```text block follows")
                continue
            missing = in_order(result.stdout, report.group("body").splitlines())
            if missing is not None:
                failures.append(f"{where}: the documented report line\n  {missing}\n"
                                f"is not printed (in this order):\n{result.stdout}")
    print(f"{path}: {count} CMake project(s) configured, {len(failures)} problem(s)")
    for failure in failures:
        print(failure)
    for block in skipped:
        print(f"SKIP: {path}, {block}" if not count else f"not run: {path}, {block}")
    if not count and skipped and not failures:
        return 0
    return 1 if failures or not count else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for option in ("--cmake", "--cudaarch-dir", "--source", "--nvcc", "--work"):
        parser.add_argument(option, required=True)
    parser.add_argument("file")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    return run(args.file, args)


if __name__ == "__main__":
    sys.exit(main())
