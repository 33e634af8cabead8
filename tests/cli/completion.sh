#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The generated completions: bash completes commands, options and option values as the
# option tables say; the zsh script is valid zsh where zsh exists.
#   completion.sh <cudaarch>
set -u
cudaarch=$1
source <("$cudaarch" completion bash) || exit 1
complete_line() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMPREPLY=()
  _cudaarch
  echo "${COMPREPLY[*]}"
}
failed=0
expect() {
  local expected=$1
  shift
  local got
  got=$(complete_line "$@")
  if [ "$got" != "$expected" ]; then
    echo "completing '$*': expected [$expected], got [$got]"
    failed=1
  fi
}
expect "convert" cudaarch conv
expect "--version" cudaarch --vers
expect "--from" cudaarch convert --fr
expect "--json" cudaarch version --js
expect "real virtual" cudaarch supported --kind ""
expect "--json --help" cudaarch completion --
expect "--nvcc --kind --json --help" cudaarch supported --
if command -v zsh >/dev/null; then
  "$cudaarch" completion zsh | zsh -n || failed=1
fi
exit $failed
