#!/usr/bin/env bash
# Runs the libFuzzer targets of the fuzz preset, one after another, each for
# a time or a number of inputs, starting from its committed corpus
# (docs/fuzzing.md). New corpus entries go to OUT/<target>/corpus, crashes to
# OUT/<target>/; the committed corpus is only read.
#
#   fuzz/run.sh [-t SECONDS | -n RUNS] [-o OUT] [-b BUILD] [TARGET...]
#
# Defaults: 30 seconds each, OUT a fresh temporary folder, BUILD build/fuzz,
# every target. Prints one summary line per target (executions, exec/s,
# cov, ft) and exits with status 1 when any target found a crash.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
limit=(-max_total_time=30)
out=""
build="$root/build/fuzz"
while getopts "t:n:o:b:" opt; do
  case "$opt" in
    t) limit=(-max_total_time="$OPTARG") ;;
    n) limit=(-runs="$OPTARG") ;;
    o) out="$OPTARG" ;;
    b) build="$OPTARG" ;;
    *) echo "usage: fuzz/run.sh [-t SECONDS | -n RUNS] [-o OUT] [-b BUILD] [TARGET...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(bpn_parse move_parse scenario_load engine_server engine_replies report_json)
[ -n "$out" ] || out="$(mktemp -d "${TMPDIR:-/tmp}/bao-fuzz.XXXXXX")"

# The dictionary each target reads (fuzz/dict/).
dict_of() {
  case "$1" in
    bpn_parse) echo bpn ;;
    scenario_load) echo scenario ;;
    engine_server | engine_replies) echo protocol ;;
    report_json) echo report ;;
    *) echo "" ;;
  esac
}

failed=0
for t in "${targets[@]}"; do
  bin="$build/fuzz/fuzz_$t"
  if [ ! -x "$bin" ]; then
    echo "fuzz/run.sh: $bin is missing: build the fuzz preset first" >&2
    exit 2
  fi
  work="$out/$t"
  mkdir -p "$work/corpus"
  args=("${limit[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$work/")
  d="$(dict_of "$t")"
  [ -z "$d" ] || args+=(-dict="$root/fuzz/dict/$d.dict")
  start=$(date +%s)
  if "$bin" "${args[@]}" "$work/corpus" "$root/fuzz/corpus/$t" > "$work/log" 2>&1; then
    status=ok
  else
    status="CRASH (see $work/log)"
    failed=1
  fi
  secs=$(( $(date +%s) - start ))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log")
  cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$work/log" | tail -1)
  echo "$t: $status, ${runs:-?} runs in ${secs} s, ${rate:-?} exec/s, ${cov:-no coverage line}"
done
echo "fuzz/run.sh: output in $out"
exit $failed
