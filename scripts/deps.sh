#!/usr/bin/env bash
# Installs the Debian packages ContactLab needs, only those missing, and says what it installs.
# Usage: scripts/deps.sh build|test   (test adds Xvfb, the benchmark's Box2D and Chipmunk, clang 14 with
# libFuzzer for the fuzz targets, and rsvg-convert and poppler's pdfinfo/pdftotext/pdftoppm, which the export
# tests render and read the SVG and PDF exports with)
# Idempotent: a second run installs nothing and prints one line. Uses sudo only when not root.
set -euo pipefail

build_pkgs=(cmake ninja-build g++ qt6-base-dev qt6-svg-dev libboost-dev libtbb-dev libgl-dev)
test_pkgs=(xvfb xauth libbox2d-dev libchipmunk-dev clang-14 libclang-rt-14-dev librsvg2-bin poppler-utils)

want=("${build_pkgs[@]}")
if [ "${1:-build}" = "test" ]; then
  want+=("${test_pkgs[@]}")
fi

missing=()
for p in "${want[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all ${#want[@]} required Debian packages are installed"
  exit 0
fi

echo "deps: installing missing Debian packages: ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "deps: not root and no sudo; install them by hand: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "deps: done"
