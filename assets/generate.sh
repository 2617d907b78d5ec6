#!/usr/bin/env bash
# Regenerates every asset in this folder (the sounds alone need no font: generate_assets --sounds DIR). Needs g++, libstb-dev, fontconfig and
# fonts-arphic-ukai (the Kai typeface the pieces and the river text use).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
font="$(fc-match -f '%{file}' 'AR PL UKai CN')"
case "$font" in
  *ukai*) ;;
  *) echo "AR PL UKai not found (apt-get install fonts-arphic-ukai)" >&2; exit 1 ;;
esac
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
g++ -std=c++20 -O2 -Wall -Wextra -I/usr/include/stb "$here/generate_assets.cpp" -lstb -o "$tmp/generate_assets"
"$tmp/generate_assets" "$font" "$here"
