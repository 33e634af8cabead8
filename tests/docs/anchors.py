# SPDX-License-Identifier: Apache-2.0
"""Every link of README.md and docs/ to a heading of a Markdown page lands on a heading.

    python3 anchors.py <repo> [<page.md>...]

Checks each `[text](page.md#anchor)` and `[text](#anchor)` against the anchors GitHub (and
the Sphinx site's myst_heading_anchors) gives the target page's headings: lower case, every
character but letters, digits, spaces, '-' and '_' dropped, spaces made '-', a repeated
anchor suffixed -1, -2. Without pages, every Markdown file of README.md and docs/.
"""
import os
import re
import sys

LINK = re.compile(r"\]\(([^)\s#]*\.md|)#([^)\s]+)\)")
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def lines_outside_code(text):
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            yield line


def anchors(text):
    seen = {}
    for line in lines_outside_code(text):
        match = HEADING.match(line)
        if not match:
            continue
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", match.group(1))  # a link's text only
        slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        yield slug if count == 0 else f"{slug}-{count}"


def main(repo, pages):
    if not pages:
        pages = ["README.md"] + [os.path.relpath(os.path.join(folder, name), repo)
                                 for folder, _, names in os.walk(os.path.join(repo, "docs"))
                                 for name in sorted(names) if name.endswith(".md")]
    known = {}
    problems = []
    links = 0
    for page in sorted(pages):
        with open(os.path.join(repo, page), encoding="utf-8") as file:
            text = file.read()
        for line in lines_outside_code(text):
            for target, anchor in LINK.findall(line):
                links += 1
                path = os.path.normpath(os.path.join(os.path.dirname(page), target)) if target else page
                if path not in known:
                    try:
                        with open(os.path.join(repo, path), encoding="utf-8") as file:
                            known[path] = set(anchors(file.read()))
                    except OSError:
                        known[path] = None
                if known[path] is None:
                    problems.append(f"{page} links {target}#{anchor}: {path} does not exist")
                elif anchor not in known[path]:
                    problems.append(f"{page} links {target or page}#{anchor}: {path} has no such heading")
    if problems:
        sys.exit("\n".join(problems))
    print(f"{links} links to headings in {len(pages)} pages, each to a heading")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
