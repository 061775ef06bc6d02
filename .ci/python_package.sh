#!/usr/bin/env bash
# The Python package as a user installs it (docs/bindings.md): `pip wheel`
# builds the wheel from the repository offline, with Debian's setuptools and
# pybind11 (--no-build-isolation), reusing the dev build's compiled library
# (BAO_CMAKE_BUILD_DIR); the wheel is installed into a fresh venv and the
# package's tests run there with pytest, against the installed copy, from
# outside the source tree. Then `pip install .` into a second venv, and an
# import from it.
#
#   .ci/python_package.sh [CORPUS]
#
# CORPUS: the native build's answers (build/dev/bindings/corpus.json).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-}
[ -z "$corpus" ] || corpus=$(cd "$(dirname "$corpus")" && pwd)/$(basename "$corpus")
python=/usr/bin/python3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export BAO_CMAKE_BUILD_DIR=$root/build/dev PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1

"$python" -m venv --system-site-packages "$scratch/build-venv"
(cd "$root" && "$scratch/build-venv/bin/pip" wheel --quiet --no-build-isolation --no-deps -w "$scratch/dist" .)
wheel=("$scratch"/dist/bao_oracle-*.whl)
echo "python_package.sh: built $(basename "${wheel[0]}")"

# A fresh venv that sees Debian's pytest and Hypothesis, and no bao_oracle
# but the wheel's.
"$python" -m venv --system-site-packages "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet "${wheel[0]}"
where=$(cd "$scratch" && "$scratch/venv/bin/python" -c 'import bao_oracle; print(bao_oracle.__file__)')
case $where in
  "$scratch/venv/"*) ;;
  *) echo "python_package.sh: bao_oracle was imported from $where, not the venv" >&2; exit 1 ;;
esac
export BAO_ORACLE=$root/build/dev/bao-oracle
[ -z "$corpus" ] || export BAO_BINDINGS_CORPUS=$corpus
(cd "$scratch" && "$scratch/venv/bin/python" -m pytest -q -p no:cacheprovider "$root/bindings/python/tests")

# pip install from the repository.
"$python" -m venv --system-site-packages "$scratch/venv2"
(cd "$root" && "$scratch/venv2/bin/pip" install --quiet --no-build-isolation .)
(cd "$scratch" && "$scratch/venv2/bin/python" -c \
  'import bao_oracle; assert bao_oracle.legal_moves("ap-zanzibar", "start") == ["A6L", "A6R", "A7L", "A7R"]; print("python_package.sh: pip install . gives bao_oracle", bao_oracle.__version__)')
