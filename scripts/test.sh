#!/usr/bin/env bash
# Builds ContactLab and runs every test: the Release build (all tests), then the sanitize build
# (AddressSanitizer + UndefinedBehaviorSanitizer) running the physics and CLI tests and the UI monkey test
# again, then the libFuzzer
# targets (clang 14, ASan + UBSan) for CONTACTLAB_FUZZ_SECONDS each (default 60).
# Installs missing Debian packages first. Incremental on a second run.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh test
jobs=$(nproc)

echo "== Release build and all tests"
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"

echo "== Sanitize build (ASan + UBSan): physics and CLI tests, UI monkey test"
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize -j "$jobs" --target contactlab-sanitize-set
ctest --preset sanitize -j "$jobs"

echo "== Fuzz (libFuzzer, clang 14, ASan + UBSan): ${CONTACTLAB_FUZZ_SECONDS:-60} s per target"
cmake --preset fuzz -DCONTACTLAB_FUZZ_SECONDS="${CONTACTLAB_FUZZ_SECONDS:-60}" >/dev/null
cmake --build --preset fuzz -j "$jobs"
ctest --preset fuzz -j "$jobs"
