#!/usr/bin/env bash
# Installs the Debian packages bao-oracle builds and tests with (nodejs,
# cargo and rustc, default-jdk, php-cli: the adapter kits' tests,
# examples/node, rust, java and php; python3-venv, python3-setuptools,
# python3-pytest and python3-hypothesis: the Python package built with pip
# and tested in a fresh venv, and its Hypothesis strategies; clang-format: CI's layout
# check, .ci/format-check; parallel and rsync: the campaign recipes of
# docs/campaigns.md, run by Docs.Examples; slurmctld, slurmd, slurm-client
# and munge: its Slurm job array, run on a one-node cluster by
# tests/slurm_campaign_test.sh, which starts its own daemons and leaves the
# packages' services alone; pybind11-dev and python3-dev: the Python module,
# emscripten: the npm package, docs/bindings.md; chromium: the HTML reports'
# browser test, tests/browser_test.sh; python3-html5lib and python3-yaml:
# the strict HTML5 and YAML 1.1 readers of the tests and the fault table,
# tests/faults/run.py). Does nothing when all are present.
set -euo pipefail
packages=(g++ cmake ninja-build libyaml-cpp-dev libfmt-dev libgtest-dev libgmock-dev
          librapidcheck-dev libcli11-dev nlohmann-json3-dev libbenchmark-dev
          libtinyxml2-dev clang libclang-rt-14-dev clang-format nodejs
          cargo rustc default-jdk php-cli python3-venv python3-setuptools python3-pytest python3-hypothesis
          parallel rsync slurmctld slurmd slurm-client munge
          pybind11-dev python3-dev emscripten python3-html5lib python3-yaml
          chromium dpkg-dev man-db)  # the .deb's Depends (dpkg-shlibdeps); the man page's test
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all build dependencies present"
  exit 0
fi
echo "setup: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
