#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The generated completions: bash completes commands, options, option values (the library's
# formats, dialects, policies and GPU names, the alternatives of real|virtual) and files where
# files go, as the command table says; the zsh and fish scripts are valid where those shells exist.
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
expect "TORCH TF" cudaarch convert --to T
expect "CMAKE TORCH TF OPENCV NVCC" cudaarch convert --from ""
expect "CLAMP" cudaarch resolve --policy C
expect "minimal" cudaarch select --objective m
expect "h100 h20 h200 h800" cudaarch check --gpu h
expect "rtx4090 rtx4090d" cudaarch select rtx409
expect "bash" cudaarch completion ba
expect "convert" cudaarch help conv
# Files where files go: an option's FILE and a command's FILE operands; none after --timeout.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
touch "$dir/fleet.csv"
expect "$dir/fleet.csv" cudaarch select --from-file "$dir/fl"
expect "$dir/fleet.csv" cudaarch inspect "$dir/fl"
expect "" cudaarch check --timeout "$dir/fl"
expect "" cudaarch convert --to "$dir/fl"
if command -v zsh >/dev/null; then
  "$cudaarch" completion zsh | zsh -n || failed=1
fi
if command -v fish >/dev/null; then
  "$cudaarch" completion fish | fish --no-execute || failed=1
  # fish's own completer, given the script.
  got=$(fish --no-config -c "source (\"$cudaarch\" completion fish | psub); complete -C 'cudaarch convert --to RE'")
  [ "${got%%$'\t'*}" = "READABLE" ] || { echo "fish: completing 'cudaarch convert --to RE': got [$got]"; failed=1; }
fi
exit $failed
