# SPDX-License-Identifier: Apache-2.0
"""python -m cudaarch: the cudaarch tool (`python -m cudaarch --cmakedir` prints the folder
of the CMake package, as `cudaarch --cmakedir` does)."""
from cudaarch import main

main()
