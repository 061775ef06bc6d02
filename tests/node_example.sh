#!/usr/bin/env bash
# Runs one test of the JavaScript adapter kit (examples/node/) for CTest, or
# reports it skipped, with the reason, when Node is missing (exit 77, the
# tests' SKIP_RETURN_CODE): a missing node never passes silently.
#
#   node_example.sh unit      SOURCE_DIR [BAO_ORACLE]  node --test, in examples/node/
#   node_example.sh check     SOURCE_DIR BAO_ORACLE    bao-oracle check of the example engine
#   node_example.sh scenarios SOURCE_DIR BAO_ORACLE    the site-maasai scenarios against it
#
# BAO_NODE names the node to use (default: node, else nodejs, from PATH).
set -euo pipefail
mode=${1:?mode: unit, check or scenarios}
src=${2:?source directory}
oracle=${3:-}

node=${BAO_NODE:-$(command -v node || command -v nodejs || true)}
if [ -z "$node" ] || ! "$node" --version > /dev/null 2>&1; then
  echo "SKIPPED: no Node.js found (${BAO_NODE:+BAO_NODE=$BAO_NODE does not run; }node or nodejs in PATH);" \
       "examples/node/ is not tested. On Debian: apt-get install nodejs"
  exit 77
fi
major=$("$node" -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
  echo "SKIPPED: $node is Node $("$node" --version); the kit and its tests need Node 18 or later (node:test)"
  exit 77
fi

# The engine command for --engine: bao-oracle splits it like a shell,
# without expansion, so a word with other characters goes in single quotes.
quote() {
  if [[ $1 =~ ^[A-Za-z0-9_/.,:+=@%-]+$ ]]; then printf '%s' "$1"; else printf "'%s'" "${1//\'/\'\\\'\'}"; fi
}
engine="$(quote "$node") $(quote "$src/examples/node/maasai-engine.js")"

case $mode in
  unit)
    # No path argument: node searches the working directory for *.test.js
    # the same way from Node 18 on (later versions read arguments as globs).
    # With BAO_ORACLE set, the kit's answers are also compared with the
    # oracle's own server (protocol.test.js).
    [ -z "$oracle" ] || export BAO_ORACLE="$oracle"
    cd "$src/examples/node"
    status=0
    report=$("$node" --test --test-reporter=tap 2>&1) || status=$?
    printf '%s\n' "$report"
    [ "$status" -eq 0 ] || { echo "FAIL: node --test exited $status"; exit 1; }
    # A run that found no test file, or skipped the comparison with the
    # oracle it was given, is not a pass.
    grep -Eq '^# tests [1-9]' <<< "$report" || { echo "FAIL: node --test ran no tests"; exit 1; }
    grep -q '^# fail 0$' <<< "$report" || { echo "FAIL: node --test reports failures"; exit 1; }
    if [ -n "$oracle" ] && ! grep -q '^# skipped 0$' <<< "$report"; then
      echo "FAIL: tests were skipped although BAO_ORACLE=$oracle was given"
      exit 1
    fi
    ;;
  check)
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    status=0
    # A minute per answer: the engine works out a relay of 65,536 pickups in
    # JavaScript, which a loaded machine can keep from answering within the
    # default 5 s; the test is of its answers, not of its speed.
    "$oracle" check --engine "$engine" --ruleset site-maasai --games 20 --seed 7 --report "$out/report" \
      --timeout-ms 60000 > "$out/summary" 2>&1 || status=$?
    cat "$out/summary"
    if [ "$status" -ne 0 ]; then
      echo "FAIL: bao-oracle check exited $status (0 is agreement; see the summary above)"
      exit 1
    fi
    # The engine must answer at every position: one it refuses is skipped,
    # and a skipped position is one not compared.
    grep -q '^no findings: the engine agreed with the oracle everywhere$' "$out/summary" ||
      { echo "FAIL: the summary does not say the engine agreed everywhere"; exit 1; }
    grep -q ' 0 positions skipped (not representable)' "$out/summary" ||
      { echo "FAIL: the engine refused positions the oracle holds (skipped above)"; exit 1; }
    grep -Eq '^checked .*: 20 games, [1-9][0-9]* positions' "$out/summary" ||
      { echo "FAIL: the summary does not show 20 games with positions compared"; exit 1; }
    ;;
  scenarios)
    # The engine must run every site-maasai scenario the oracle runs, none
    # skipped: the same summary line as the oracle's own run.
    want=$("$oracle" scenarios "$src/scenarios/site" --ruleset site-maasai | tail -n 1)
    status=0
    got=$("$oracle" scenarios "$src/scenarios/site" --ruleset site-maasai --engine "$engine" \
      --timeout-ms 60000) || status=$?
    printf '%s\n' "$got"
    if [ "$status" -ne 0 ]; then
      echo "FAIL: bao-oracle scenarios --engine exited $status"
      exit 1
    fi
    last=$(printf '%s\n' "$got" | tail -n 1)
    if [ "$last" != "$want" ] || ! [[ $want =~ ^[1-9][0-9]*\ passed,\ 0\ failed$ ]]; then
      echo "FAIL: the engine's run ends '$last'; the oracle's own run ends '$want'"
      exit 1
    fi
    ;;
  *)
    echo "node_example.sh: unknown mode '$mode' (unit, check or scenarios)" >&2
    exit 2
    ;;
esac
