#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`cudaarch check --python` on editable installs made by pip and setuptools, and on a folder a
.pth path line adds (issue 46, item 2).

    python_editable.py <cudaarch> <sm_80-only library> <work folder> -DEXPECT_CASE=<case>

A venv (without pip) gets, by the real `pip install -e . --no-build-isolation --no-deps` of
this interpreter's pip (`--python`), two projects whose package holds an extension module
that is the sm_80-only library: edflat, a flat layout (setuptools' import-hook finder, whose
MAPPING names the package's folder), edsrc, a src layout (a .pth path line), and edskb, scikit-build-core's editable redirect (a
.pth import line, a src path line, the extension CMake installs into the site-packages).
setuptools and scikit-build-core come from PyPI into a folder of the work folder, on
PYTHONPATH for the build only; without them (offline, no pip) the test says SKIP. A third venv, "base", holds a distribution, layered 2.0,
with an extension module in its RECORD; the venv sees it through layered.pth, a path line.

`check --gpu 9.0 --python` must exit 1 with the expected text (<work> the work folder), and
the files it judges (--json) must be the ELF files under the folders the real interpreter
imports each top-level package from (importlib.util.find_spec in the venv).
"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from python_loads import case_stdout, shown  # noqa: E402

EXTENSION = "_k80.cpython-311-x86_64-linux-gnu.so"
PYPROJECT = """[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"
[project]
name = "{name}"
version = "1.0"
[tool.setuptools.package-data]
"*" = ["*.so"]
"""


def run(argv, **kwargs):
    return subprocess.run(argv, capture_output=True, text=True, **kwargs)


def must(argv, **kwargs):
    done = run(argv, **kwargs)
    if done.returncode != 0:
        sys.exit("%s failed:\n%s%s" % (" ".join(argv), done.stdout, done.stderr))
    return done


def project(work, name, src_layout, library):
    root = os.path.join(work, "proj_" + name)
    package = os.path.join(root, "src", name) if src_layout else os.path.join(root, name)
    os.makedirs(package)
    open(os.path.join(package, "__init__.py"), "w").close()
    shutil.copy(library, os.path.join(package, EXTENSION))
    with open(os.path.join(root, "pyproject.toml"), "w") as f:
        f.write(PYPROJECT.format(name=name))
    return root


def site_of(python):
    return must([python, "-c", "import sysconfig; print(sysconfig.get_path('platlib'), end='')"]).stdout


def main():
    cudaarch, library, work, expected_file = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    if run([sys.executable, "-m", "pip", "--version"]).returncode != 0:
        print("SKIP: no pip for %s" % sys.executable)
        return 0
    tools = os.path.join(work, "tools")
    got = run([sys.executable, "-m", "pip", "install", "-q", "--target", tools, "setuptools>=70.1"])
    if got.returncode != 0:
        print("SKIP: setuptools could not be installed from PyPI (offline?):\n" + got.stderr[-2000:])
        return 0
    venv = os.path.join(work, "venv")
    must([sys.executable, "-m", "venv", "--without-pip", venv])
    python = os.path.join(venv, "bin", "python")
    flat = project(work, "edflat", False, library)
    src = project(work, "edsrc", True, library)
    env = dict(os.environ, PYTHONPATH=tools)
    must([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-build-isolation", "--no-deps",
          "--no-index", "-e", flat, "-e", src], env=env)
    # scikit-build-core's redirect: CMake installs the extension into the wheel.
    skb = os.path.join(work, "proj_edskb")
    os.makedirs(os.path.join(skb, "src", "edskb"))
    open(os.path.join(skb, "src", "edskb", "__init__.py"), "w").close()
    shutil.copy(library, os.path.join(skb, "libk80.so"))
    with open(os.path.join(skb, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.18)\nproject(edskb LANGUAGES NONE)\n"
                "install(FILES libk80.so DESTINATION edskb RENAME %s)\n" % EXTENSION)
    with open(os.path.join(skb, "pyproject.toml"), "w") as f:
        f.write('[build-system]\nrequires = ["scikit-build-core"]\nbuild-backend = "scikit_build_core.build"\n'
                '[project]\nname = "edskb"\nversion = "1.0"\n[tool.scikit-build]\nwheel.packages = ["src/edskb"]\n')
    got = run([sys.executable, "-m", "pip", "install", "-q", "--target", tools, "scikit-build-core"])
    if got.returncode != 0:
        print("SKIP: scikit-build-core could not be installed from PyPI (offline?):\n" + got.stderr[-2000:])
        return 0
    must([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-build-isolation", "--no-deps",
          "--no-index", "-e", skb], env=env)
    # Another environment's site-packages, added by a path line.
    must([sys.executable, "-m", "venv", "--without-pip", os.path.join(work, "base")])
    base_site = site_of(os.path.join(work, "base", "bin", "python"))
    os.makedirs(os.path.join(base_site, "layered"))
    open(os.path.join(base_site, "layered", "__init__.py"), "w").close()
    shutil.copy(library, os.path.join(base_site, "layered", EXTENSION))
    info = os.path.join(base_site, "layered-2.0.dist-info")
    os.makedirs(info)
    with open(os.path.join(info, "METADATA"), "w") as f:
        f.write("Metadata-Version: 2.1\nName: layered\nVersion: 2.0\n\n")
    with open(os.path.join(info, "RECORD"), "w") as f:
        f.write("layered/__init__.py,,\nlayered/%s,,\nlayered-2.0.dist-info/RECORD,,\n" % EXTENSION)
    with open(os.path.join(site_of(python), "layered.pth"), "w") as f:
        f.write("# another environment's packages\n%s\n" % base_site)

    failed = []
    text = run([cudaarch, "check", "--gpu", "9.0", "--python", python], env=dict(os.environ, CUDAARCH_LIBCUDA="/nonexistent"))
    said = shown(text.stdout, work)
    with open(case_stdout(expected_file)) as f:
        expected = f.read()
    if text.returncode != 1 or said != expected:
        failed.append("check --python: rc %d (expected 1), stdout:\n%s\nexpected:\n%s\nstderr:\n%s"
                      % (text.returncode, said, expected, text.stderr))
    judged = run([cudaarch, "check", "--json", "--gpu", "9.0", "--python", python])
    entries = [entry for entry in json.loads(judged.stdout)["files"] if entry["distribution"]]
    files = {entry["path"] for entry in entries}
    # Each distribution's place under --json, as the text labels it: the editable installs with
    # the folders they map, the layered one with the .pth file that adds its folder.
    pth = os.path.join(site_of(python), "layered.pth")
    for entry in entries:
        place = (entry["distribution_place"], entry["distribution_from"])
        if entry["distribution"] == "layered" and place != ("pth", [pth]) or \
                entry["distribution"] != "layered" and (place[0] != "editable" or not place[1]):
            failed.append("check --json: %s's place is %s" % (entry["distribution"], place))
    # What the interpreter imports: each top-level package's folder, as its import system finds it.
    spec = must([python, "-c", "import importlib.util, json\n"
                 "print(json.dumps({n: list(importlib.util.find_spec(n).submodule_search_locations)"
                 " for n in ('edflat', 'edsrc', 'edskb', 'layered')}))"]).stdout
    imported = set()
    for name, folders in sorted(json.loads(spec).items()):
        for folder in folders:
            for dirpath, _, names in os.walk(folder):
                for file in names:
                    path = os.path.join(dirpath, file)
                    with open(path, "rb") as f:
                        if f.read(4) == b"\x7fELF":
                            imported.add(path)
        print("find_spec(%r): %s" % (name, ", ".join(folders).replace(work, "<work>")))
    print("judged by check --json: %s" % ", ".join(sorted(files)).replace(work, "<work>"))
    if files != imported:
        failed.append("check judged %s; the interpreter imports %s" % (sorted(files), sorted(imported)))
    if failed:
        sys.exit("\n".join(failed))
    print("check --python: rc 1, %d files judged, as the interpreter imports them" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
