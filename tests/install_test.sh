#!/usr/bin/env bash
# The installed tree stands on its own, wherever it is moved: `cmake
# --install` into a fresh prefix, the prefix moved, and the installed
# program, run from a folder outside the source and build trees, finds the
# installed scenarios (docs/install.md), names them, and checks its own
# engine with them as its corpus. Then BAO_ORACLE_DATA, and a tree with no
# data.
# tests/install_test.sh BUILD_DIR SOURCE_DIR CMAKE
set -euo pipefail
build=$1
source_dir=$2
cmake=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/bao-install-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
work=$(cd "$work" && pwd -P)
fail() {
  echo "install test: $*" >&2
  exit 1
}
unset BAO_ORACLE_DATA
if ! command -v python3 >/dev/null; then
  echo "install test: skipped: no python3 to read report.json"
  exit 77
fi

"$cmake" --install "$build" --prefix "$work/first" >/dev/null
cd "$work"
for f in bin/bao-oracle share/man/man1/bao-oracle.1.gz share/doc/bao-oracle/README.md \
         share/doc/bao-oracle/install.md share/doc/bao-oracle/cli.md; do
  [ -f "first/$f" ] || fail "cmake --install put no $f under the prefix"
done
want=$(cd "$source_dir/scenarios" && find . -name '*.yaml' | sort)
got=$(cd first/share/bao-oracle/scenarios && find . -name '*.yaml' | sort)
[ -n "$want" ] || fail "no scenario files in $source_dir/scenarios"
[ "$want" = "$got" ] || fail "the installed scenarios differ from $source_dir/scenarios"

# Relocatable: the tree moved after installing.
mv first moved
bin=$work/moved/bin/bao-oracle
data=$work/moved/share/bao-oracle/scenarios

out=$("$bin" scenarios) || fail "installed scenarios: exit $?: $out"
[ "$(head -n1 <<<"$out")" = "scenarios of $data" ] ||
  fail "scenarios did not name the installed folder $data: $(head -n1 <<<"$out")"
last=$(tail -n1 <<<"$out")
[[ $last =~ ^([0-9]+)\ passed,\ 0\ failed$ ]] && [ "${BASH_REMATCH[1]}" -gt 0 ] ||
  fail "scenarios of the installed tree: $last"
echo "install test: $last ($data)"

status=0
"$bin" check --engine "$bin engine" --ruleset ap-zanzibar --games 20 --report report \
  >check.out 2>check.err || status=$?
[ $status -eq 0 ] || fail "check exited $status: $(cat check.out check.err)"
python3 - "$data" <<'PY' || fail "report.json does not name the installed corpus"
import json, sys
paths = json.load(open("report/report.json"))["corpus_paths"]
sys.exit(0 if paths == [sys.argv[1]] else f"corpus_paths: {paths}")
PY
grep -qF -- "- corpus (scenario positions some games start from): \`$data\`" report/report.md ||
  fail "report.md does not name the corpus $data"
echo "install test: check used $data: $(head -n1 check.out)"

# BAO_ORACLE_DATA names another data folder, and one that is not there.
mkdir -p other/scenarios
cp "$data/abstract_play/"*.yaml other/scenarios/
out=$(BAO_ORACLE_DATA=$work/other "$bin" scenarios) || fail "BAO_ORACLE_DATA: exit $?"
[ "$(head -n1 <<<"$out")" = "scenarios of $work/other/scenarios" ] ||
  fail "BAO_ORACLE_DATA was not used: $(head -n1 <<<"$out")"
status=0
err=$(BAO_ORACLE_DATA=$work/nowhere "$bin" scenarios 2>&1 >/dev/null) || status=$?
[ $status -eq 2 ] && [[ $err == "bao-oracle: BAO_ORACLE_DATA=$work/nowhere: "* ]] ||
  fail "a missing BAO_ORACLE_DATA folder: exit $status: $err"

# No data at all: scenarios and diverge refuse, naming where they looked;
# check runs without a corpus and says so in its report.
rm -r moved/share/bao-oracle
status=0
err=$("$bin" scenarios 2>&1 >/dev/null) || status=$?
[ $status -eq 2 ] && [[ $err == "bao-oracle: no default scenario folder (BAO_ORACLE_DATA not set, $work/moved/bin/../share/bao-oracle/scenarios, $work/moved/bin/scenarios); name one"* ]] ||
  fail "scenarios without data: exit $status: $err"
status=0
err=$("$bin" diverge --positions 10 --out "$work/d" 2>&1 >/dev/null) || status=$?
[ $status -eq 2 ] && [[ $err == "bao-oracle: --scenarios: no default scenario folder"* ]] ||
  fail "diverge without data: exit $status: $err"
"$bin" check --engine "$bin engine" --ruleset ap-zanzibar --games 2 --report bare >/dev/null ||
  fail "check without data: exit $?"
grep -qF -- "- corpus (scenario positions some games start from): none" bare/report.md ||
  fail "report.md of a run without data does not say it had no corpus"
echo "install test: passed"
