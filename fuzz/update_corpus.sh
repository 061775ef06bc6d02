#!/usr/bin/env bash
# Merges inputs into a target's committed corpus and minimises it with
# libFuzzer's -merge=1: of fuzz/corpus/TARGET and the DIRs, only inputs that
# add coverage are kept. Saved crash inputs (crash-*) are always kept: they
# are the target's regression inputs (docs/fuzzing.md).
#
#   fuzz/update_corpus.sh [-b BUILD] TARGET [DIR...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build/fuzz"
if [ "${1:-}" = "-b" ]; then build="$2"; shift 2; fi
[ $# -ge 1 ] || { echo "usage: fuzz/update_corpus.sh [-b BUILD] TARGET [DIR...]" >&2; exit 2; }
target="$1"
shift
bin="$build/fuzz/fuzz_$target"
[ -x "$bin" ] || { echo "fuzz/update_corpus.sh: $bin is missing: build the fuzz preset first" >&2; exit 2; }
corpus="$root/fuzz/corpus/$target"
mkdir -p "$corpus"
new="$(mktemp -d "${TMPDIR:-/tmp}/bao-corpus.XXXXXX")"
trap 'rm -rf "$new"' EXIT
# Inputs that crash while merging (saved crash inputs, say) are written
# next to the temporary folder, not to the current directory.
"$bin" -merge=1 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$new.artifact-" \
  "$new" "$corpus" "$@" > "$new.log" 2>&1 ||
  { cat "$new.log" >&2; rm -f "$new.log"; exit 1; }
rm -f "$new.log" "$new".artifact-*
find "$corpus" -maxdepth 1 -type f -name 'crash-*' -exec cp {} "$new/" \;
find "$corpus" -maxdepth 1 -type f -delete
cp "$new"/* "$corpus/"
echo "$target: $(find "$corpus" -type f | wc -l) inputs, $(cat "$corpus"/* | wc -c) bytes"
