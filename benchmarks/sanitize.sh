#!/usr/bin/env bash
# Builds cavemind with AddressSanitizer and UndefinedBehaviorSanitizer into a fresh virtual environment and
# runs the test suite (or the command given after --) under them. Python itself is not instrumented, so
# libasan is preloaded; leak checking is off because CPython keeps memory until exit by design.
#   bash benchmarks/sanitize.sh                         # the whole test suite
#   bash benchmarks/sanitize.sh -- python benchmarks/fuzz.py --cases 500
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${SANITIZE_VENV:-$(mktemp -d)/venv}"
python3 -m venv "$venv"
# shellcheck disable=SC1091
source "$venv/bin/activate"
python -m pip install --quiet --upgrade pip
python -m pip install --quiet ".[test]" -Ccmake.define.CAVEMIND_SANITIZE=ON -Cbuild-dir="$venv/../build"
shift_to_command=0
for arg in "$@"; do [ "$arg" = "--" ] && shift_to_command=1; done
if [ "$shift_to_command" = 1 ]; then
  while [ "$1" != "--" ]; do shift; done
  shift
  command=("$@")
else
  command=(python -m pytest -q -p no:cacheprovider "$@")
fi
export LD_PRELOAD="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:symbolize=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
"${command[@]}"
