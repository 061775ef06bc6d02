#!/bin/sh
# Speed and memory of `bao-oracle diverge` (docs/divergence.md, "Speed"): the
# default rulesets on POSITIONS random-play positions (default 100000) with
# --jobs 2, under /usr/bin/time -v. Prints positions per second and the peak
# resident memory; run it twice with different POSITIONS to see that memory
# does not grow with the corpus. A measurement, not a test: it never fails on
# a slow machine.
#
#   tests/benchmarks/diverge_benchmark.sh [BUILD_DIR] [POSITIONS]
#
# BUILD_DIR defaults to build/release (cmake --workflow --preset release).
#
# Measured (2 cores, release build, load average 3, with the clause-mutant
# lookup for move-set differences):
#   100000 positions: 100192 positions (936501 pair comparisons) in 7.63 s,
#                     13138 positions/s; peak RSS 21756 kB
#    20000 positions: 20192 positions in 1.75 s, 11529 positions/s; peak RSS 21796 kB
set -eu
build=${1:-build/release}
positions=${2:-100000}
bin="$build/bao-oracle"
[ -x "$bin" ] || { echo "diverge_benchmark: $bin not found; build the release preset first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "diverge_benchmark: /usr/bin/time is needed (Debian package 'time')" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
/usr/bin/time -v "$bin" diverge --positions "$positions" --jobs 2 --out "$out/report" \
  >"$out/stdout" 2>"$out/stderr"
# diverge's own timing line, then the peak memory from time -v.
grep '^diverge:' "$out/stderr"
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$out/stderr")
rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out/stderr")
echo "wall clock: $wall; peak RSS: $rss kB ($((rss / 1024)) MB)"
