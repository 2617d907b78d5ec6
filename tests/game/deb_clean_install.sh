#!/usr/bin/env bash
# Manual check (not run by ctest: it downloads a Debian system): installs the
# built .deb into a fresh Debian 12 (minbase debootstrap chroot) and checks the
# menu entry, the icon, the man pages, a screenshot from the installed game and
# a search by the installed engine. Usage, as root, after `cpack -G DEB` in build/:
#   bash tests/deb_clean_install.sh build/xiangqi_*_amd64.deb [/tmp/deb12]
set -euo pipefail
deb="$(realpath "$1")"
root="${2:-/tmp/deb12}"
command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap
[[ -x "$root/bin/bash" ]] || debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
cp "$deb" "$root/tmp/xiangqi.deb"
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT
chroot "$root" /bin/bash -euo pipefail -c '
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq /tmp/xiangqi.deb desktop-file-utils >/dev/null
  desktop-file-validate /usr/share/applications/xiangqi.desktop
  grep -q "^Exec=xiangqi" /usr/share/applications/xiangqi.desktop
  test -f /usr/share/icons/hicolor/512x512/apps/xiangqi.png
  test -f /usr/share/man/man6/xiangqi.6.gz || test -f /usr/share/man/man6/xiangqi.6
  cd /tmp && xiangqi --screenshot /tmp/installed.png
  test "$(printf "ucci\nposition startpos\ngo depth 5\n" | timeout 30 xiangqi-engine | tail -1 | cut -c1-9)" = "bestmove "
  echo "clean Debian 12: installed, menu entry valid, screenshot and engine work"
'
