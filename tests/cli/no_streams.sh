#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The linked cudaarch has no C++ streams: <iostream>'s initialiser and any stream build
# libstdc++'s locale and its facets, which costs more than `inspect` itself on a small library
# (docs/bench.md). Judged by the symbols the executable defines or imports, so it holds for a
# static or a shared C++ runtime, GCC or Clang. Exit 77 (skip) without nm or symbols.
# usage: no_streams.sh NM CUDAARCH
nm_tool=$1 tool=$2
if [ -z "$nm_tool" ] || ! command -v "$nm_tool" >/dev/null 2>&1; then
  echo "skip: no nm to read the symbols of $tool"; exit 77
fi
symbols=$("$nm_tool" -C "$tool" 2>/dev/null)
[ -n "$symbols" ] || symbols=$("$nm_tool" -C -D "$tool" 2>/dev/null)
if [ -z "$symbols" ]; then
  echo "skip: $tool has no symbols (stripped)"; exit 77
fi
streams=$(printf '%s\n' "$symbols" |
  grep -E 'std::ios_base::Init|std::locale::(classic|locale)\(|std::(__cxx11::)?basic_[a-z]*(stream|buf)<|std::w?(i|o|io)stream::|std::w?(cout|cerr|clog|cin)\b')
if [ -n "$streams" ]; then
  echo "$tool links C++ streams (use cli::Output, src/cli/output.hpp):"
  printf '%s\n' "$streams" | head -n 20
  exit 1
fi
echo "no C++ streams in $tool"
