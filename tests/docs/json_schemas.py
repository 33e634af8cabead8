# SPDX-License-Identifier: Apache-2.0
"""Runs every cudaarch command with --json and checks its output against docs/cli/json.md.

    json_schemas.py --cudaarch EXE --nvcc NVCC --stub-driver SO --ctest CTEST --corpus DIR
                    --work DIR [--mutate] docs/cli/json.md

docs/cli/json.md has a section per command, headed "## `<command>`", with a table
| member | type | meaning |: each row names members by path (`files[].images[].kind`; `a`, `b`
for several) and gives their type:
    string, integer, boolean, null, object, array of strings, array of integers,
    array of objects, object (detect) -- detect's members but `schema` --
or alternatives joined by " or ". Every output must be one JSON document whose members, at
every level, are exactly the documented ones (each documented member is always present),
with the documented types, and whose `schema` is `cudaarch.<command>/1`, as the page says.
Every documented member must show up in some run, so that the runs below cover the page.

--mutate instead checks that the check can fail: each output with an undocumented member
added, with `schema` removed, with a wrong `schema` and with a member of the wrong type must
be rejected.

The commands run on a simulated machine: the stub driver (CUDAARCH_LIBCUDA), a replayed
nvcc 13.0, files of the fuzz corpus, a CTest suite written here.
"""
import argparse
import copy
import json
import os
import re
import shutil
import subprocess
import sys

SECTION = re.compile(r"^## `([a-z-]+)`$", re.M)
ROW = re.compile(r"^\| (`[^|]*`) \| ([^|]*) \| .*\|$")
SCALARS = {"string": str, "integer": int, "boolean": bool, "null": type(None), "object": dict}


def parse_type(text, command):
    """A type cell as a list of alternatives: ("string",), ("array", "string"), ("as", "detect")."""
    alternatives = []
    for word in text.strip().split(" or "):
        if word in SCALARS:
            alternatives.append((word,))
        elif word in ("array of strings", "array of integers", "array of objects"):
            alternatives.append(("array", {"strings": "string", "integers": "integer", "objects": "object"}[word.split()[-1]]))
        elif re.fullmatch(r"object \(([a-z-]+)\)", word):
            alternatives.append(("as", word[len("object ("):-1]))
        else:
            raise SystemExit(f"docs/cli/json.md, {command}: unknown type '{word}'")
    return alternatives


def read_page(path):
    """{command: {path: alternatives}} from the page's tables, and {command: the paths it
    borrows from another section}, which that section's runs cover."""
    with open(path, encoding="utf-8") as page:
        text = page.read()
    schemas = {}
    parts = SECTION.split(text)
    for command, body in zip(parts[1::2], parts[2::2]):
        members = {}
        for line in body.splitlines():
            row = ROW.match(line)
            if not row or row.group(1) == "`member`":
                continue
            for name in re.findall(r"`([^`]+)`", row.group(1)):
                if name in members:
                    raise SystemExit(f"docs/cli/json.md, {command}: `{name}` documented twice")
                members[name] = parse_type(row.group(2), command)
        if not members:
            raise SystemExit(f"docs/cli/json.md: section `{command}` has no member table")
        schemas[command] = members
    borrowed = {command: set() for command in schemas}
    for command, members in schemas.items():  # object (detect): that section's members, but schema
        for name, alternatives in list(members.items()):
            for alternative in alternatives:
                if alternative[0] == "as":
                    for inner, inner_type in schemas[alternative[1]].items():
                        if inner != "schema":
                            members[f"{name}.{inner}"] = inner_type
                            borrowed[command].add(f"{name}.{inner}")
    return schemas, borrowed


def children(members, parent):
    """The names of the documented members of the object at `parent` ("" for the document)."""
    prefix = parent + "." if parent else ""
    return {name[len(prefix):] for name in members if name.startswith(prefix) and "." not in name[len(prefix):]}


def fits(value, alternative):
    kind = alternative[0]
    if kind == "as":
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, list) and all(fits(element, (alternative[1],)) for element in value)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, SCALARS[kind])


def check_object(value, members, path, seen, problems):
    documented = children(members, path)
    for key in sorted(set(value) - documented):
        problems.append(f"undocumented member `{path + '.' if path else ''}{key}`")
    for key in sorted(documented - set(value)):
        problems.append(f"missing member `{path + '.' if path else ''}{key}`")
    for key in sorted(documented & set(value)):
        check_value(value[key], members, f"{path}.{key}" if path else key, seen, problems)


def check_value(value, members, path, seen, problems):
    seen.add(path)
    alternatives = members[path]
    if not any(fits(value, alternative) for alternative in alternatives):
        problems.append(f"`{path}` is {json.dumps(value)[:80]}, not {' or '.join(' '.join(a) for a in alternatives)}")
        return
    if isinstance(value, dict):
        check_object(value, members, path, seen, problems)
    elif isinstance(value, list) and ("array", "object") in alternatives:
        for element in value:
            check_object(element, members, path + "[]", seen, problems)
            seen.add(path + "[]")


def validate(command, text, schemas, seen):
    """The problems of one output of `command`."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        return [f"not one JSON document: {error}"]
    if not isinstance(document, dict):
        return ["not a JSON object"]
    problems = []
    if document.get("schema") != f"cudaarch.{command}/1":
        problems.append(f"`schema` is {json.dumps(document.get('schema'))}, not \"cudaarch.{command}/1\"")
    check_object(document, schemas[command], "", seen, problems)
    return problems


def runs(args):
    """(command, argv, environment) of each run: every command, its members covered."""
    corpus = lambda name: os.path.join(args.corpus, name)
    stub = {"CUDAARCH_LIBCUDA": args.stub_driver}
    two = dict(stub, CUDAARCH_STUB_DEVICES="9.0=NVIDIA H200,7.5=Tesla T4")
    no_driver = {"CUDAARCH_LIBCUDA": "/nonexistent/libcuda.so.1"}
    libraries = os.path.join(args.work, "libs")
    os.makedirs(libraries, exist_ok=True)
    open(os.path.join(libraries, "libcudart.so.13.0.88"), "w").close()
    # A program (any ELF file) named as a CUDA 13 runtime is one: `runtimes`, failing on r575.
    runtime = os.path.join(args.work, "runtime", "libcudart.so.13.0.96")
    os.makedirs(os.path.dirname(runtime), exist_ok=True)
    shutil.copyfile(shutil.which("true"), runtime)
    suite = os.path.join(args.work, "suite")
    os.makedirs(suite, exist_ok=True)
    with open(os.path.join(suite, "CTestTestfile.cmake"), "w") as testfile:
        testfile.write(
            f'add_test(hopper "{args.cudaarch}" gpu-test --min-cc 9.0 -- /bin/true)\n'
            'set_tests_properties(hopper PROPERTIES RESOURCE_GROUPS "gpus:1")\n'
            'add_test(eight /bin/true)\nset_tests_properties(eight PROPERTIES RESOURCE_GROUPS "8,gpus:1")\n'
            'add_test(host /bin/true)\n')
    # The fake sysfs trees of tests/cli/detect.
    sysfs = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "cli", "detect", "sysfs")
    files = [corpus("fatbin_valid"), corpus("ar_valid"), corpus("elf_valid"), corpus("ptx_valid"), "/nonexistent/file"]
    return [
        ("convert", ["convert", "--json", "--to", "torch", "8.6(7.5) 90a"], {}),
        ("resolve", ["resolve", "--json", "--nvcc", args.nvcc, "--policy", "WARN", "all-major", "5.0"], {}),
        ("select", ["select", "--json", "--nvcc", args.nvcc, "T4", "A100", "L4", "H100"], {}),
        ("supported", ["supported", "--json", "--nvcc", args.nvcc], {}),
        ("detect", ["detect", "--json"], dict(two, CUDAARCH_STUB_INIT_ERROR="803")),
        ("detect", ["detect", "--json"], two),
        ("detect-pci", ["detect", "--pci", "--json"], {"CUDAARCH_SYSFS_ROOT": os.path.join(sysfs, "several")}),
        ("detect-pci", ["detect", "--pci", "--json"], {"CUDAARCH_SYSFS_ROOT": os.path.join(sysfs, "unreadable")}),
        ("list-gpus", ["list-gpus", "--json", "a100"], {}),
        ("inspect", ["inspect", "--json"] + files, {}),
        ("inspect", ["inspect", "--json", "--modules"] + files, {}),
        ("size", ["size", "--json", libraries] + files, {}),
        ("size", ["size", "--json", "--python", "/nonexistent/python"], {}),
        ("size-diff", ["size", "--json", "--diff", files[0], files[3]], {}),
        ("size-diff", ["size", "--json", "--diff", files[0], files[-1]], {}),
        ("check", ["check", "--json", "--gpu", "9.0", "--gpu", "T4", "--driver", "575.51.03"] + files[:1] + files[-1:], {}),
        ("check", ["check", "--json", "--gpu", "8.0"] + files[:1], no_driver),
        ("check", ["check", "--json", "--no-deps", "--gpu", "9.0", "--driver", "575.51.03", runtime], {}),
        ("pick", ["pick", "--json", "--gpu", "8.0", "--driver", "580.65.06", files[0], files[3]], {}),
        ("pick", ["pick", "--json", "--gpu", "7.5", "--driver", "575.51.03"] + files[:1], {}),
        ("verify", ["verify", "--json", "--expect", "80-real 90-real"] + files[:1] + files[-1:], {}),
        ("doctor", ["doctor", "--json", "--nvcc", args.nvcc] + files[:1],
         dict(two, CUDAARCH_STUB_DRIVER_VERSION="12080", CUDAARCH_LIBRARY_DIRS=libraries, CUDAARCH_LDCONFIG="")),
        ("version", ["version", "--json", "--nvcc", args.nvcc], {}),
        ("gpu-test", ["gpu-test", "--plan", "--json", "--min-cc", "8.0", "--", "/bin/true"], two),
        ("gpu-test", ["gpu-test", "--plan", "--json", "--", "/bin/true"], no_driver),
        ("ctest", ["ctest", "--plan", "--json", "--ctest", args.ctest, "--", "--test-dir", suite], two),
        ("completion", ["completion", "--json"], {}),
        ("error", ["convert", "--json", "--frm", "torch", "75"], {}),
        ("error", ["resolve", "--json", "--nvcc", args.nvcc, "--from", "torch", "sm_75 5.0"], {}),
        ("error", ["frobnicate", "--json"], {}),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for option in ("--cudaarch", "--nvcc", "--stub-driver", "--ctest", "--corpus", "--work"):
        parser.add_argument(option, required=True)
    parser.add_argument("--mutate", action="store_true")
    parser.add_argument("page")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    schemas, borrowed = read_page(args.page)
    base = {key: value for key, value in os.environ.items() if not key.startswith("CUDA")}
    failures, seen, ran = [], {command: set() for command in schemas}, set()
    commands = subprocess.run([args.cudaarch, "completion", "--json"], stdout=subprocess.PIPE, text=True, check=True)
    every = {entry["name"] for entry in json.loads(commands.stdout)["commands"]} | {"error"}
    for missing in sorted(every - set(schemas)):
        failures.append(f"docs/cli/json.md has no section for `{missing}`")
    for command, argv, env in runs(args):
        result = subprocess.run([args.cudaarch] + argv, env=dict(base, **env), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, check=False)
        ran.add(command)
        where = f"cudaarch {' '.join(argv)}"
        if command not in schemas:
            failures.append(f"{where}: docs/cli/json.md has no section `{command}`")
            continue
        if result.stderr:
            failures.append(f"{where}: printed on stderr:\n{result.stderr}")
        if args.mutate:
            failures += [f"{where}: {problem}" for problem in mutations(command, result.stdout, schemas)]
            continue
        problems = validate(command, result.stdout, schemas, seen[command])
        failures += [f"{where} (exit {result.returncode}): {problem}" for problem in problems]
    if not args.mutate:
        for command in sorted(every - ran):
            failures.append(f"no run of `{command}`")
        for command, members in schemas.items():
            for name in sorted(set(members) - seen[command] - borrowed[command]):
                failures.append(f"{command}: `{name}` is documented, but no run printed it")
    print(f"{args.page}: {len(schemas)} schemas, {len(runs(args))} runs{' mutated' if args.mutate else ''}, "
          f"{len(failures)} problem(s)")
    for failure in failures:
        print(failure)
    return 1 if failures else 0


def mutations(command, text, schemas):
    """What goes wrong when the output is tampered with: each tampered copy must fail."""
    document = json.loads(text)
    tampered = []
    extra = copy.deepcopy(document)
    extra["undocumented"] = 1
    tampered.append(("an undocumented member", extra))
    without = copy.deepcopy(document)
    del without["schema"]
    tampered.append(("no schema", without))
    wrong = copy.deepcopy(document)
    wrong["schema"] = f"cudaarch-{command}/1"
    tampered.append(("a wrong schema", wrong))
    retyped = copy.deepcopy(document)
    key = next(k for k in document if k != "schema")
    retyped[key] = 3.5
    tampered.append((f"`{key}` of the wrong type", retyped))
    return [f"accepted with {what}" for what, changed in tampered
            if not validate(command, json.dumps(changed), schemas, set())]


if __name__ == "__main__":
    sys.exit(main())
