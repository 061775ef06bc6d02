#!/bin/sh
# The HTML reports in a real browser: Debian's headless Chromium opens each
# committed report page (reports/*/*.html, reports/*/*/*.html) and a fresh
# `check` report, runs the page's self-test (the page opened with
# #selftest steps every replay to its end and compares it with the board the
# move recorded: oracle/notation/replay.hpp), and takes a screenshot that
# must not be blank.
#
# usage: browser_test.sh BAO_ORACLE SOURCE_DIR
#
# Exits 77 (skipped) when Chromium is not installed. With BAO_SCREENSHOT_DIR
# set, a picture of the check report's first replay is also written there
# as check-replay.png (docs/images/ holds the one docs/checker.md shows).
set -eu

bin=$1
src=$2
chromium=${BAO_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  echo "SKIP: no Chromium at $chromium (Debian: apt-get install chromium)"
  exit 77
fi
if ! command -v python3 >/dev/null; then
  echo "SKIP: no python3 to read the screenshots with"
  exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Chromium with nothing it would fetch or sync on its own (the network may
# be closed), its profile in the scratch folder; --no-sandbox as root.
browse() {
  profile=$(mktemp -d "$work/profile.XXXXXX")
  timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" "$@" 2>>"$work/chromium.log"
}

# A fresh check report: an engine with two mistakes, each found within the
# budget as a move whose board after differs, so each has a replay.
"$bin" check --engine "$bin engine --mutant entry-end-flipped,house-kept-on-lift" --ruleset ap-zanzibar \
  --seed 1 --budget 20000 --report "$work/check" >"$work/check.out" 2>&1 || true
if [ ! -f "$work/check/report.html" ]; then
  echo "FAIL: check wrote no report.html"
  cat "$work/check.out"
  exit 1
fi

failures=0
pages=0
fail() {
  echo "FAIL: $1"
  failures=$((failures + 1))
}

# One visit to a page opened with #selftest: Chromium prints the page once
# its script has run (--dump-dom) and takes a screenshot of it.
#  - The self-test: the attribute the script sets must report as many
#    replays working as the page holds placeholders for, no failure and no
#    script error.
#  - The screenshot: a PNG of the window's size that is not blank.
visit() {
  page=$1
  shot=$2
  placeholders=$(grep -o '<div class="replay" ' "$page" | wc -l)
  dom=$(browse --dump-dom --screenshot="$shot" --window-size=1200,2000 "file://$page#selftest") || {
    fail "$page: chromium failed"
    return
  }
  verdict=$(printf '%s' "$dom" | sed -n 's/.*<html[^>]* data-selftest="\([^"]*\)".*/\1/p' | head -1)
  if [ "$placeholders" -eq 0 ]; then
    # No replay, so no script: nothing to run, the page must still render.
    [ -z "$verdict" ] || fail "$page: a self-test ran on a page without replays: $verdict"
  else
    detail=$(printf '%s' "$dom" | sed -n 's/.* data-selftest-detail="\([^"]*\)".*/\1/p' | head -1)
    expected="replays=$placeholders failures=0 errors=0"
    if [ "$verdict" != "$expected" ]; then
      fail "$page: self-test says '${verdict:-nothing}', expected '$expected'; $detail"
    else
      echo "ok: $page: $verdict"
    fi
  fi
  python3 "$src/tests/png_check.py" "$shot" 1200 2000 || fail "$page: the screenshot is blank"
}

for page in "$src"/reports/*/*.html "$src"/reports/*/*/*.html "$work/check/report.html"; do
  [ -f "$page" ] || continue
  pages=$((pages + 1))
  visit "$page" "$work/shot-$pages.png"
done

# The self-test can fail: the same report with every replay's recorded
# board after altered (9 put before South's A1 count) must fail them all.
sed 's/"f":{"n":"/"f":{"n":"9/' "$work/check/report.html" >"$work/altered.html"
altered=$(grep -o '<div class="replay" ' "$work/altered.html" | wc -l)
verdict=$(browse --dump-dom "file://$work/altered.html#selftest" |
  sed -n 's/.*<html[^>]* data-selftest="\([^"]*\)".*/\1/p' | head -1)
if [ "$verdict" != "replays=$altered failures=$altered errors=0" ]; then
  fail "the altered report's self-test says '$verdict', not that its $altered replays fail"
else
  echo "ok: altered boards fail: $verdict"
fi

# The picture of docs/checker.md: the check report's first replay at its
# fourth step beside the engine's board. The page says where the replay's
# row is (#replay-step-N sets data-replay-top); the picture is cut from a
# screenshot of the page down to there, as Chromium's screenshot does not
# follow a scrolled page.
if [ -n "${BAO_SCREENSHOT_DIR:-}" ]; then
  mkdir -p "$BAO_SCREENSHOT_DIR"
  height=2400
  top=$(browse --window-size=900,$height --dump-dom --screenshot="$work/docs.png" \
    "file://$work/check/report.html#replay-step-4" |
    sed -n 's/.* data-replay-top="\([0-9]*\)".*/\1/p' | head -1)
  if [ -z "$top" ] || [ $((top + 330)) -gt $height ]; then
    fail "the check report's first replay is not within the top $height pixels: '$top'"
  else
    python3 "$src/tests/png_check.py" "$work/docs.png" 900 $height \
      --crop $((top - 8)) 330 "$BAO_SCREENSHOT_DIR/check-replay.png" ||
      fail "the docs picture is blank"
    echo "wrote $BAO_SCREENSHOT_DIR/check-replay.png"
  fi
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures failures over $pages pages"
  exit 1
fi
echo "$pages pages: self-tests and screenshots ok"
