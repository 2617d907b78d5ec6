#!/usr/bin/env bash
# Regenerates every asset in this folder (the sounds alone need no font: generate_assets --sounds DIR). Needs g++,
# libstb-dev, fontconfig and three fonts: fonts-arphic-ukai (the Kai typeface of the traditional pieces and the
# river text), fonts-wqy-microhei (the bold pieces' sans face) and fonts-dejavu-core (the chess symbols).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
find_font() {  # family, a part of the file name it must have, the package
  local f
  f="$(fc-match -f '%{file}' "$1")"
  case "$f" in
    *"$2"*) echo "$f" ;;
    *) echo "$1 not found (apt-get install $3)" >&2; exit 1 ;;
  esac
}
kai="$(find_font 'AR PL UKai CN' ukai fonts-arphic-ukai)"
sans="$(find_font 'WenQuanYi Micro Hei' microhei fonts-wqy-microhei)"
chess="$(find_font 'DejaVu Sans' DejaVuSans fonts-dejavu-core)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
g++ -std=c++20 -O2 -Wall -Wextra -I/usr/include/stb "$here/generate_assets.cpp" -lstb -o "$tmp/generate_assets"
"$tmp/generate_assets" "$kai" "$sans" "$chess" "$here"
