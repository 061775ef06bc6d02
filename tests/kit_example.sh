#!/usr/bin/env bash
# Runs one test of an adapter kit (examples/node, python, rust, java) for
# CTest, or reports it skipped, with the reason, when the kit's toolchain is
# missing (exit 77, the tests' SKIP_RETURN_CODE): a missing toolchain never
# passes silently.
#
#   kit_example.sh KIT MODE SOURCE_DIR BAO_ORACLE WORK_DIR
#
# KIT: node, python, rust, java or php. MODE:
#   unit         the kit's own tests (node --test, unittest, cargo test, the Java and PHP runners)
#   check        bao-oracle check of the example engine: 20 games, no findings, no position skipped
#   variant      a copy of the example with one rule changed (the capture takes the opponent's pit
#                with the same number, not the one across): exactly that one deviation
#   scenarios    the site-maasai scenarios against the example: as many pass as for the oracle
#   conformance  tests/kit_conformance.py: a hostile session answered as bao-oracle engine answers it
#
# WORK_DIR holds what the kit builds (cargo's target folder, Java classes).
set -euo pipefail
kit=${1:?kit: node, python, rust, java or php}
mode=${2:?mode: unit, check, variant, scenarios or conformance}
src=${3:?source directory}
oracle=${4:?bao-oracle binary}
work=${5:?work directory}
mkdir -p "$work"

skip() {
  echo "SKIPPED: $*"
  exit 77
}
fail() {
  echo "FAIL: $*"
  exit 1
}

# The toolchain, or the reason the test is skipped.
case $kit in
  node)
    node=${BAO_NODE:-$(command -v node || command -v nodejs || true)}
    { [ -n "$node" ] && "$node" --version > /dev/null 2>&1; } ||
      skip "no Node.js found (node or nodejs in PATH); examples/node/ is not tested. On Debian: apt-get install nodejs"
    major=$("$node" -p 'process.versions.node.split(".")[0]')
    [ "$major" -ge 18 ] || skip "$node is Node $("$node" --version); the kit needs Node 18 or later (node:test)"
    ;;
  python)
    python=$(command -v python3 || true)
    [ -n "$python" ] || skip "no python3 found; examples/python/ is not tested. On Debian: apt-get install python3"
    ;;
  rust)
    command -v cargo > /dev/null && command -v rustc > /dev/null ||
      skip "no cargo and rustc found; examples/rust/ is not tested. On Debian: apt-get install cargo rustc"
    ;;
  java)
    command -v javac > /dev/null && command -v java > /dev/null ||
      skip "no javac and java found; examples/java/ is not tested. On Debian: apt-get install default-jdk"
    ;;
  php)
    command -v php > /dev/null ||
      skip "no php found; examples/php/ is not tested. On Debian: apt-get install php-cli"
    ;;
  *) echo "kit_example.sh: unknown kit '$kit' (node, python, rust, java or php)" >&2; exit 2 ;;
esac

# Builds the example engine of the kit in the tree ROOT (the source tree or a
# copy) into OUT and sets `engine` to the argv that runs it.
build_engine() {
  local root=$1 out=$2
  case $kit in
    node) engine=("$node" "$root/examples/node/maasai-engine.js") ;;
    python) engine=("$python" "$root/examples/python/maasai_engine.py") ;;
    rust)
      CARGO_TARGET_DIR=$out cargo build --offline --release --quiet \
        --manifest-path "$root/examples/rust/Cargo.toml" --example maasai-engine
      engine=("$out/release/examples/maasai-engine")
      ;;
    java)
      rm -rf "$out/classes"
      mapfile -t sources < <(find "$root/examples/java/src" "$root/examples/java/example" -name '*.java')
      javac -encoding UTF-8 -d "$out/classes" "${sources[@]}"
      engine=(java -cp "$out/classes" bao.example.MaasaiEngine)
      ;;
    php) engine=(php "$root/examples/php/maasai_engine.php") ;;
  esac
}

# The engine argv as one --engine string: bao-oracle splits it like a shell,
# without expansion, so a word with other characters goes in single quotes.
engine_command() {
  local word out=""
  for word in "${engine[@]}"; do
    if [[ ! $word =~ ^[A-Za-z0-9_/.,:+=@%-]+$ ]]; then word="'${word//\'/\'\\\'\'}'"; fi
    out="$out${out:+ }$word"
  done
  printf '%s' "$out"
}

# bao-oracle check of the engine: its summary in $out/summary, report in $out/report.
run_check() {
  local out=$1
  status=0
  # A minute per answer: an engine works out a relay of 65,536 pickups in
  # its own language, which a loaded machine can keep from answering within
  # the default 5 s; the test is of its answers, not of its speed.
  "$oracle" check --engine "$(engine_command)" --ruleset site-maasai --games 20 --seed 7 \
    --timeout-ms 60000 --report "$out/report" > "$out/summary" 2>&1 || status=$?
  cat "$out/summary"
  grep -Eq '^checked .*: 20 games, [1-9][0-9]* positions' "$out/summary" ||
    fail "the summary does not show 20 games with positions compared"
  # The engine must answer at every position: one it refuses is skipped,
  # and a skipped position is one not compared.
  grep -q ' 0 positions skipped (not representable)' "$out/summary" ||
    fail "the engine refused positions the oracle holds (skipped above)"
}

# The files of the kit and its example, as paths under the source tree, and
# the rules file the variant changes.
kit_files() {
  case $kit in
    node) (cd "$src" && ls examples/node/*.js bindings/js/protocol.js) ;;
    python) (cd "$src" && ls examples/python/*.py bindings/python/bao_oracle/*.py) ;;
    rust) (cd "$src" && find examples/rust -path examples/rust/target -prune -o -type f -print) ;;
    java) (cd "$src" && find examples/java -type f -name '*.java') ;;
    php) (cd "$src" && ls examples/php/*.php) ;;
  esac
}
rules_file() {
  case $kit in
    node) echo examples/node/site-maasai.js ;;
    python) echo examples/python/site_maasai.py ;;
    rust) echo examples/rust/examples/site_maasai.rs ;;
    java) echo examples/java/example/bao/example/SiteMaasai.java ;;
    php) echo examples/php/site_maasai.php ;;
  esac
}

case $mode in
  unit)
    case $kit in
      node)
        # No path argument: node searches the working directory for
        # *.test.js the same way from Node 18 on (later versions read
        # arguments as globs). With BAO_ORACLE set, the kit's answers are
        # also compared with the oracle's own server (protocol.test.js).
        cd "$src/examples/node"
        status=0
        report=$(BAO_ORACLE=$oracle "$node" --test --test-reporter=tap 2>&1) || status=$?
        printf '%s\n' "$report"
        [ "$status" -eq 0 ] || fail "node --test exited $status"
        # A run that found no test file, or skipped the comparison with the
        # oracle it was given, is not a pass.
        grep -Eq '^# tests [1-9]' <<< "$report" || fail "node --test ran no tests"
        grep -q '^# fail 0$' <<< "$report" || fail "node --test reports failures"
        grep -q '^# skipped 0$' <<< "$report" || fail "tests were skipped although BAO_ORACLE=$oracle was given"
        ;;
      python)
        cd "$src/examples/python"
        status=0
        report=$(BAO_ORACLE=$oracle "$python" -m unittest discover -v 2>&1) || status=$?
        printf '%s\n' "$report"
        [ "$status" -eq 0 ] || fail "unittest exited $status"
        grep -Eq '^Ran [1-9][0-9]* tests' <<< "$report" || fail "unittest ran no tests"
        ! grep -q 'skipped' <<< "$report" || fail "tests were skipped although BAO_ORACLE=$oracle was given"
        ;;
      rust)
        status=0
        report=$(CARGO_TARGET_DIR=$work/target cargo test --offline --manifest-path "$src/examples/rust/Cargo.toml" \
          2>&1) || status=$?
        printf '%s\n' "$report"
        [ "$status" -eq 0 ] || fail "cargo test exited $status"
        grep -Eq '^test result: ok\. [1-9][0-9]* passed; 0 failed; 0 ignored' <<< "$report" ||
          fail "cargo test ran no tests, or ignored some"
        ;;
      java)
        rm -rf "$work/test-classes"
        mapfile -t sources < <(find "$src/examples/java" -name '*.java')
        javac -encoding UTF-8 -Xlint:all -Werror -d "$work/test-classes" "${sources[@]}"
        status=0
        report=$(java -cp "$work/test-classes" bao.protocol.ProtocolTest 2>&1) || status=$?
        printf '%s\n' "$report"
        [ "$status" -eq 0 ] || fail "the Java tests exited $status"
        grep -Eq '^[1-9][0-9]* tests, 0 failed$' <<< "$report" || fail "the Java tests ran no tests"
        ;;
      php)
        status=0
        report=$(php "$src/examples/php/tests/protocol_test.php" 2>&1) || status=$?
        printf '%s\n' "$report"
        [ "$status" -eq 0 ] || fail "the PHP tests exited $status"
        grep -Eq '^[1-9][0-9]* tests, 0 failed$' <<< "$report" || fail "the PHP tests ran no tests"
        ! grep -q 'PHP \(Warning\|Notice\|Deprecated\)' <<< "$report" || fail "the PHP tests printed warnings"
        ;;
    esac
    ;;
  check)
    build_engine "$src" "$work/target"
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    run_check "$out"
    [ "$status" -eq 0 ] || fail "bao-oracle check exited $status (0 is agreement; see the summary above)"
    grep -q '^no findings: the engine agreed with the oracle everywhere$' "$out/summary" ||
      fail "the summary does not say the engine agreed everywhere"
    ;;
  variant)
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    # A copy of the kit and its example, with one rule changed: the capture
    # takes the opponent's front pit with the same number as the pit where
    # the sowing stopped (A3 takes a3), where the rule takes the one across
    # (A3 takes a6): the mutant site-capture-same-number.
    while read -r file; do
      mkdir -p "$out/tree/$(dirname "$file")"
      cp "$src/$file" "$out/tree/$file"
    done < <(kit_files)
    rules=$out/tree/$(rules_file)
    sed -i -E 's/7 - (\$?)last/\1last/g' "$rules"
    ! cmp -s "$rules" "$src/$(rules_file)" || fail "the variant's change found nothing to change in $(rules_file)"
    build_engine "$out/tree" "$work/variant-target"
    run_check "$out"
    [ "$status" -eq 1 ] || fail "bao-oracle check exited $status; a deviation is exit status 1"
    "${python:-python3}" - "$out/report/report.json" <<'EOF' || exit 1
import json, sys
report = json.load(open(sys.argv[1]))
found = [d["switch"] for d in report["deviations"]]
others = [f["kind"] for f in report["unexplained"]]
if found != ["site-capture-same-number"] or others:
    print("FAIL: expected exactly the deviation site-capture-same-number; got deviations %s and findings %s"
          % (found, others))
    sys.exit(1)
print("ok: exactly one deviation, site-capture-same-number")
EOF
    ;;
  scenarios)
    build_engine "$src" "$work/target"
    # The engine must run every site-maasai scenario the oracle runs, none
    # skipped: the same summary line as the oracle's own run.
    want=$("$oracle" scenarios "$src/scenarios/site" --ruleset site-maasai | tail -n 1)
    status=0
    got=$("$oracle" scenarios "$src/scenarios/site" --ruleset site-maasai --engine "$(engine_command)" \
      --timeout-ms 60000) || status=$?
    printf '%s\n' "$got"
    [ "$status" -eq 0 ] || fail "bao-oracle scenarios --engine exited $status"
    last=$(printf '%s\n' "$got" | tail -n 1)
    if [ "$last" != "$want" ] || ! [[ $want =~ ^[1-9][0-9]*\ passed,\ 0\ failed$ ]]; then
      fail "the engine's run ends '$last'; the oracle's own run ends '$want'"
    fi
    ;;
  conformance)
    build_engine "$src" "$work/target"
    python3 "$src/tests/kit_conformance.py" "$oracle" "${engine[@]}"
    ;;
  *)
    echo "kit_example.sh: unknown mode '$mode' (unit, check, variant, scenarios or conformance)" >&2
    exit 2
    ;;
esac
