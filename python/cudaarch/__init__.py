# SPDX-License-Identifier: Apache-2.0
"""CudaArch: the cudaarch tool and the CudaArch CMake package, installed by pip.

The package folder is a CMake prefix: ``lib/cmake/CudaArch`` holds the package and
``bin/cudaarch`` the tool, which the ``cudaarch`` command on PATH runs.
"""
import os
import sys

__all__ = ["cmake_prefix", "executable", "main"]


def cmake_prefix() -> str:
    """The folder to put in CMAKE_PREFIX_PATH for find_package(CudaArch)."""
    return os.path.dirname(os.path.abspath(__file__))


def executable() -> str:
    """The path of the cudaarch tool."""
    return os.path.join(cmake_prefix(), "bin", "cudaarch")


def main() -> None:
    """Runs the cudaarch tool with this process's arguments, in its place."""
    tool = executable()
    os.execv(tool, [tool, *sys.argv[1:]])
