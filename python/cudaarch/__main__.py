# SPDX-License-Identifier: Apache-2.0
"""python -m cudaarch --cmakedir: the CMake prefix; any other arguments go to the tool."""
import sys

from cudaarch import cmake_prefix, main

USAGE = """usage: python -m cudaarch --cmakedir
       python -m cudaarch <command> [options] [arguments]   (the cudaarch tool)

  --cmakedir  print the CMake prefix of the package, for CMAKE_PREFIX_PATH:
              cmake -DCMAKE_PREFIX_PATH="$(python -m cudaarch --cmakedir)" ...

The tool's own help follows.

"""

if sys.argv[1:] == ["--cmakedir"]:
    print(cmake_prefix())
else:
    if sys.argv[1:] in ([], ["--help"], ["-h"], ["help"]):
        # The module's own option first: the tool's help cannot know it.
        sys.stdout.write(USAGE)
        sys.stdout.flush()
    main()
