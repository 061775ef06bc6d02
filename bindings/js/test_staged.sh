#!/usr/bin/env bash
# Runs the package's node --test suite in a staged package folder (build.sh
# writes build/wasm/package): with the perft tables, docs/bindings.md, the
# examples (check()'s tests, with the bao-oracle program: BAO_ORACLE, else
# build/dev's) and, when given, the native build's answers (CORPUS) to
# compare with.
#
#   bindings/js/test_staged.sh PACKAGE_FOLDER [CORPUS]
#
# Exit status 77 (skipped), with the reason, when the folder holds no
# WebAssembly build or node is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
pkg=${1:?usage: test_staged.sh PACKAGE_FOLDER [CORPUS]}
corpus=${2:-}
if [ ! -f "$pkg/bao_oracle_wasm.js" ]; then
  echo "skipped: no WebAssembly build in $pkg (build it with bindings/js/build.sh)"
  exit 77
fi
if ! command -v node >/dev/null; then
  echo "skipped: node not found"
  exit 77
fi
export BAO_PERFT_TABLES=$root/tests/perft BAO_BINDINGS_DOC=$root/docs/bindings.md BAO_SOURCE_ROOT=$root
# check()'s tests run the bao-oracle program: BAO_ORACLE, else the dev
# build's (they report themselves skipped without one).
if [ -z "${BAO_ORACLE:-}" ] && [ -x "$root/build/dev/bao-oracle" ]; then
  export BAO_ORACLE=$root/build/dev/bao-oracle
fi
if [ -n "$corpus" ]; then
  if [ ! -f "$corpus" ]; then
    echo "test_staged.sh: CORPUS: no file '$corpus'" >&2
    exit 2
  fi
  export BAO_BINDINGS_CORPUS=$corpus
fi
cd "$pkg"
node --test test/
