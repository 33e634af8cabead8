# SPDX-License-Identifier: Apache-2.0
"""Sphinx configuration: the docs site and the man pages, from docs/ (Markdown, read by
MyST) and the RST blocks of the CMake modules (sphinxcontrib-moderncmakedomain).

    sphinx-build -W -n -b html docs build/docs/html    # the site
    sphinx-build -W -n -b man docs build/docs/man      # cudaarch-cmake(7), committed as docs/man/
"""
import re
from pathlib import Path

root = Path(__file__).resolve().parent.parent
project = "CudaArch"
author = "the CudaArch authors"
release = re.search(r"project\(CudaArch\s+VERSION\s+([0-9.]+)", (root / "CMakeLists.txt").read_text()).group(1)
version = release
# The pages' date is the newest release's in the changelog, not the day of the build, so that
# the committed cudaarch-cmake(7) (docs/man/) is the same file whenever it is rebuilt.
today = re.search(r"^## \[[0-9.]+\] - ([0-9-]+)$", (root / "CHANGELOG.md").read_text(), re.M).group(1)

extensions = ["myst_parser", "sphinxcontrib.moderncmakedomain"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# The modules' blocks say `.. command::`, as CMake's own modules do.
primary_domain = "cmake"
exclude_patterns = ["tools", "requirements.txt"]
myst_heading_anchors = 3
# Code blocks are examples, not something Sphinx should lex strictly.
highlight_language = "none"
suppress_warnings = ["misc.highlighting_failure"]

# cudaarch(1) is not made here: the CLI writes it from its command table at build time
# (`cudaarch help --man`), so every build installs it without Sphinx. cudaarch-cmake(7) is
# committed as docs/man/cudaarch-cmake.7 (the test docs.sphinx.man fails when it is stale), so
# that every install has it without Sphinx too.
man_pages = [
    ("reference/cmake", "cudaarch-cmake", "the CudaArch CMake commands", [author], 7),
]
