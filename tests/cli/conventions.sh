#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The conventions every command shares, over every row of the command table (read from the
# top-level help): `help <command>` is `<command> --help`, each help ends its options in one
# column and has an exit-status line, and the top-level summaries start in one column.
#   conventions.sh <cudaarch>
. "$(dirname "$0")/help_checks.sh"
top=$("$cudaarch" help) || fail "'cudaarch help' failed"
[ "$top" = "$("$cudaarch" --help)" ] || fail "'help' and '--help' differ"
# Every summary starts in the same column.
columns=$(printf '%s\n' "$top" | sed -n '/^commands:/,/^$/{/^  /p}' | sed -E 's/^(  [^ ]+ +).*/\1/' | awk '{print length}' | sort -u)
[ "$(printf '%s\n' "$columns" | wc -l)" -eq 1 ] || fail "top-level summaries start in columns $(echo $columns)"
for command in $commands; do
  help=$("$cudaarch" help "$command") || fail "'cudaarch help $command' failed"
  [ "$help" = "$("$cudaarch" "$command" --help)" ] || fail "'help $command' differs from '$command --help'"
  printf '%s\n' "$help" | grep -q '^Exit status: ' || fail "'$command --help' has no 'Exit status:' line"
  # The options' help texts start in one column.
  option_columns=$(printf '%s\n' "$help" | sed -n '/^options:/,/^$/{/^  -/p}' | sed -E 's/^(  -[^ ]*( [A-Z|a-z_.]+)? +).*/\1/' | awk '{print length}' | sort -u)
  [ "$(printf '%s\n' "$option_columns" | wc -l)" -eq 1 ] || fail "'$command --help': options' help starts in columns $(echo $option_columns)"
done
[ "$("$cudaarch" -V --nvcc /nonexistent)" = "$("$cudaarch" version --nvcc /nonexistent)" ] || fail "'-V' is not 'version'"
exit $failed
