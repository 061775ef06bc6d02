#!/usr/bin/env bash
# The manual page (oracle/cli/man_page.hpp) renders without a warning, and
# names every subcommand and every option that the program's own --help
# lists, found here from the help text rather than from the parser the page
# is generated from.
# tests/man_page_test.sh BAO_ORACLE PAGE; exit 77 (skipped) without man.
set -euo pipefail
exe=$1
page=$2
fail() {
  echo "man page test: $*" >&2
  exit 1
}
if ! command -v man >/dev/null; then
  echo "man page test: skipped: no man command (Debian package man-db) to render $page"
  exit 77
fi
[ -s "$page" ] || fail "$page is missing or empty"

warnings=$(man --warnings -E UTF-8 -l "$page" 2>&1 >/dev/null) || fail "man failed: $warnings"
[ -z "$warnings" ] || fail "man --warnings -l $page: $warnings"

# The subcommands of a help text: the lines under "Subcommands:".
subcommands_of() {
  awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }'
}
# The long options and positionals of a help text, one a line.
options_of() {
  awk '/^(Options|Positionals):/ { on = 1; next } /^[A-Z]/ { on = 0 }
       on && /^  [^ ]/ { print $1 }' | tr ',' '\n' | grep -v '^-[^-]' | sed 's/=.*//'
}
checked=0
check_help() {  # the words of a subcommand path, "" for the top level
  local help name
  # shellcheck disable=SC2086 # the path is words
  help=$("$exe" $1 --help)
  for name in $(options_of <<<"$help"); do
    grep -qF -- "$(sed 's/-/\\-/g' <<<"$name")" "$page" ||
      fail "${1:-bao-oracle}: $name is in --help, not in the page"
    checked=$((checked + 1))
  done
  for name in $(subcommands_of <<<"$help"); do
    local path="${1:+$1 }$name"
    grep -qF -- ".SS \"bao\\-oracle $(sed 's/-/\\-/g' <<<"$path")\"" "$page" ||
      fail "subcommand $path has no section in the page"
    check_help "$path"
  done
}
check_help ""
# Fourteen subcommands and their options: a page found complete against
# fewer has been checked against a help text this script misread.
[ "$checked" -ge 60 ] || fail "only $checked options found in the help texts"
echo "man page test: $checked options and positionals of every subcommand are in $page"
