# SPDX-License-Identifier: Apache-2.0
"""python -m cudaarch --cmakedir: the CMake prefix; any other arguments go to the tool."""
import sys

from cudaarch import cmake_prefix, main

if sys.argv[1:] == ["--cmakedir"]:
    print(cmake_prefix())
else:
    main()
