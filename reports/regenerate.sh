#!/usr/bin/env bash
# Regenerates the committed divergence reports under reports/, each with the
# exact options it is made with. Run it from anywhere after a change to a
# rule, a ruleset, a scenario file or the `diverge` code, then commit what
# changed (`git status reports/`); Reports/DivergeCommitted.* in
# tests/diverge_test.cpp fails until the committed reports match a fresh run.
#
#   reports/regenerate.sh                     # all of them, with build/release
#   reports/regenerate.sh single-lap          # only reports/single-lap
#   reports/regenerate.sh --into /tmp/r       # write /tmp/r/default, ... instead
#   BAO_ORACLE=build/dev/bao-oracle reports/regenerate.sh
#
# Without BAO_ORACLE it builds the release preset first (cmake --workflow
# --preset release) and uses build/release/bao-oracle. A binary given in
# BAO_ORACLE must be built from this checkout: its default scenario corpus
# is the scenarios/ folder of the tree it was built from.
#
# Exit status: 0 done, 2 bad arguments, otherwise the status of the build
# or of the `diverge` run that failed.
set -euo pipefail

# Each committed report: its folder under reports/, then its options, which
# are the `command` its report.json records after `bao-oracle diverge`
# (Reports/RegenerateScript.* in tests/diverge_test.cpp checks that they
# match). `diverge` writes the folder as a whole, in one step.
reports=(
  "default    --rulesets ap-zanzibar,ap-bawo,guide-v2,guide-r002,ap-malawi-setup --positions 50000 --seed 1"
  "kiswahili  --rulesets guide-v2,ludii,site-kiswahili,ap-zanzibar --positions 20000 --seed 1"
  "single-lap --rulesets site-bank,site-maasai,site-long-game --positions 20000 --seed 1"
)

usage() {
  echo "usage: reports/regenerate.sh [--into DIR] [NAME...]  (NAME: default, kiswahili, single-lap)" >&2
  exit 2
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
into="$root/reports"
names=()
while [ $# -gt 0 ]; do
  case "$1" in
    --into)
      [ $# -ge 2 ] || usage
      into=$(mkdir -p "$2" && cd "$2" && pwd)
      shift 2
      ;;
    -h | --help) usage ;;
    -*) echo "regenerate.sh: unknown option '$1'" >&2; usage ;;
    *) names+=("$1"); shift ;;
  esac
done

# The entries asked for (all by default), checked before anything runs.
selected=()
for entry in "${reports[@]}"; do
  name=${entry%% *}
  if [ ${#names[@]} -eq 0 ]; then
    selected+=("$entry")
    continue
  fi
  for n in "${names[@]}"; do
    if [ "$n" = "$name" ]; then selected+=("$entry"); fi
  done
done
for n in "${names[@]}"; do
  found=no
  for entry in "${reports[@]}"; do [ "${entry%% *}" = "$n" ] && found=yes; done
  if [ $found = no ]; then
    echo "regenerate.sh: no committed report '$n' (known: default, kiswahili, single-lap)" >&2
    exit 2
  fi
done

cd "$root"
if [ -n "${BAO_ORACLE:-}" ]; then
  oracle=$BAO_ORACLE
else
  cmake --workflow --preset release
  oracle="$root/build/release/bao-oracle"
fi

for entry in "${selected[@]}"; do
  name=${entry%% *}
  read -r -a options <<<"${entry#* }"
  echo "== reports/$name: bao-oracle diverge ${options[*]}"
  "$oracle" diverge "${options[@]}" --out "$into/$name"
done
if [ "$into" = "$root/reports" ]; then
  echo "regenerated; \`git status reports/\` shows what changed"
fi
