#!/usr/bin/env bash
# Builds the npm package bao-oracle (docs/bindings.md): the oracle and its
# facade compiled to WebAssembly by emscripten (CMakeLists.txt here, built
# in build/wasm), staged with index.js, index.d.ts and the tests in
# build/wasm/package, and packed as build/wasm/bao-oracle-<version>.tgz.
#
#   bindings/js/build.sh [--test [CORPUS]]
#
# --test then runs the package's tests (node --test) in the staged folder,
# installs the .tgz into a fresh temporary folder offline and runs them
# again against the installed copy. CORPUS is the native build's answers
# (build/dev/bindings/corpus.json, written by its Bindings.Corpus test);
# without it the equality test reports itself skipped.
#
# Exit status 77 (skipped) with the reason when emscripten or node is
# missing; 2 for a bad argument.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${BAO_WASM_BUILD:-$root/build/wasm}
run_tests=0
corpus=""
case "${1:-}" in
  "") ;;
  --test) run_tests=1; corpus=${2:-} ;;
  *) echo "bindings/js/build.sh: unknown argument '$1' (usage: build.sh [--test [CORPUS]])" >&2; exit 2 ;;
esac
if [ -n "$corpus" ] && [ ! -f "$corpus" ]; then
  echo "bindings/js/build.sh: CORPUS: no file '$corpus' (run ctest --preset dev -R Bindings.Corpus)" >&2
  exit 2
fi
for tool in em++ emcmake node npm; do
  if ! command -v "$tool" >/dev/null; then
    echo "bindings/js/build.sh: skipped: $tool not found (apt-get install emscripten nodejs npm)"
    exit 77
  fi
done
# Debian's emscripten runs its JavaScript tools with the node on PATH, and
# finds their modules (acorn, ...) only under /usr/share/nodejs when that
# node is not Debian's own.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

if [ ! -f "$out/build.ninja" ]; then
  emcmake cmake -G Ninja -S "$root/bindings/js" -B "$out" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$out" -j2

# The package folder is replaced whole, so no stale file goes into the .tgz.
pkg=$out/package
rm -rf "$pkg.tmp"
mkdir -p "$pkg.tmp/test"
cp "$root"/bindings/js/{index.js,index.mjs,index.d.ts,protocol.js,protocol.mjs,protocol.d.ts,check.js,relay.js,README.md} \
  "$pkg.tmp/"
cp "$root/LICENSE" "$pkg.tmp/"
# The project's public addresses, when given (as the .deb's Homepage field,
# docs/install.md): homepage, repository and bugs.
node -e '
  const meta = require(process.argv[1]);
  const [homepage, repository, bugs] = process.argv.slice(3);
  if (homepage) meta.homepage = homepage;
  if (repository) meta.repository = { type: "git", url: repository };
  if (bugs) meta.bugs = { url: bugs };
  require("fs").writeFileSync(process.argv[2], JSON.stringify(meta, null, 2) + "\n");
' "$root/bindings/js/package.json" "$pkg.tmp/package.json" "${BAO_HOMEPAGE_URL:-}" "${BAO_REPOSITORY_URL:-}" \
  "${BAO_BUGS_URL:-}"
cp "$root"/bindings/js/test/*.test.js "$pkg.tmp/test/"
cp "$out/bao_oracle_wasm.js" "$pkg.tmp/"
rm -rf "$pkg"
mv "$pkg.tmp" "$pkg"
version=$(node -p "require('$pkg/package.json').version")
tgz=$out/bao-oracle-$version.tgz
rm -f "$tgz"
(cd "$pkg" && npm pack --silent --pack-destination "$out" >/dev/null)
echo "bindings/js/build.sh: packed $tgz ($(du -k "$tgz" | cut -f1) KiB)"

[ "$run_tests" -eq 1 ] || exit 0
[ -z "$corpus" ] || corpus=$(cd "$(dirname "$corpus")" && pwd)/$(basename "$corpus")
"$root/bindings/js/test_staged.sh" "$pkg" "$corpus"
# As a user installs it: from the .tgz alone, offline, in an empty folder.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
(cd "$scratch" && npm init -y >/dev/null && npm install --offline --no-audit --no-fund "$tgz" >/dev/null)
(
  export BAO_ORACLE_PACKAGE=$scratch/node_modules/bao-oracle BAO_PERFT_TABLES=$root/tests/perft \
    BAO_BINDINGS_DOC=$root/docs/bindings.md BAO_SOURCE_ROOT=$root
  if [ -z "${BAO_ORACLE:-}" ] && [ -x "$root/build/dev/bao-oracle" ]; then
    export BAO_ORACLE=$root/build/dev/bao-oracle
  fi
  [ -z "$corpus" ] || export BAO_BINDINGS_CORPUS=$corpus
  node --test "$pkg/test/"
)
echo "bindings/js/build.sh: the package's tests pass, staged and installed from $(basename "$tgz")"
