#!/usr/bin/env bash
# Builds ContactLab and runs every test: the Release build (all tests), then the sanitize build
# (AddressSanitizer + UndefinedBehaviorSanitizer) running the physics and CLI tests again.
# Installs missing Debian packages first. Incremental on a second run.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh test
jobs=$(nproc)

echo "== Release build and all tests"
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"

echo "== Sanitize build (ASan + UBSan): physics and CLI tests"
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize -j "$jobs" --target contactlab-sanitize-set
ctest --preset sanitize -j "$jobs"
