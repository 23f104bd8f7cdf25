#!/usr/bin/env bash
# Builds ContactLab (Release) and launches it on a sample scene. Extra arguments go to `contactlab`
# (e.g. another scene file, or --screenshot FILE.png). Installs missing Debian packages first.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh build
cmake --preset release >/dev/null
cmake --build --preset release --target contactlab contactlab-cli

scene=resources/scenes/shapes.json
args=("$@")
if [ ${#args[@]} -eq 0 ] || [[ "${args[0]}" == --* ]]; then
  args=("$scene" "${args[@]}")
fi

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  # No screen to open a window on (a server, CI): render the window offscreen instead of failing.
  export QT_QPA_PLATFORM=offscreen
  if [[ " ${args[*]} " != *" --screenshot "* ]]; then
    args+=(--screenshot build/contactlab-screenshot.png)
    echo "run: no display found; rendering the window to build/contactlab-screenshot.png instead"
  fi
fi
exec build/release/app/contactlab "${args[@]}"
