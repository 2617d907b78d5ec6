#!/usr/bin/env bash
# Installs the build into a temporary prefix and checks what a desktop needs:
# the programs, assets and book under share/xiangqi, the menu entry, icons,
# AppStream metadata and man pages; the installed game draws a frame from
# another folder with no source tree in reach; cpack makes a .deb.
set -euo pipefail
build="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cmake --install "$build" --prefix "$tmp/p" >/dev/null
p="$tmp/p"
for f in bin/xiangqi bin/xiangqi-engine share/xiangqi/xiangqi.book share/xiangqi/assets/board.png \
         share/xiangqi/assets/move.wav share/applications/xiangqi.desktop \
         share/metainfo/io.github.xiangqi.metainfo.xml share/man/man6/xiangqi.6 share/man/man6/xiangqi-engine.6 \
         share/icons/hicolor/scalable/apps/xiangqi.svg; do
  [[ -f "$p/$f" ]] || fail "not installed: $f"
done
for s in 16 24 32 48 64 128 256 512; do
  f="$p/share/icons/hicolor/${s}x${s}/apps/xiangqi.png"
  [[ -f "$f" ]] || fail "no ${s}px icon"
  [[ "$(head -c 24 "$f" | tail -c 8 | od -An -tu4 --endian=big | tr -s ' ')" == " $s $s" ]] || fail "${s}px icon has the wrong size"
done
# The validators are part of the check: missing, they must fail it, not skip it.
for tool in desktop-file-validate appstreamcli groff; do
  command -v "$tool" >/dev/null || fail "$tool is missing (.ci/setup installs it)"
done
desktop-file-validate "$p/share/applications/xiangqi.desktop" || fail "desktop entry does not validate"
appstreamcli validate --no-net --pedantic "$p/share/metainfo/io.github.xiangqi.metainfo.xml" >"$tmp/as.log" 2>&1 ||
  { cat "$tmp/as.log"; grep -q '^E:' "$tmp/as.log" && fail "AppStream metadata has errors"; }
for m in xiangqi xiangqi-engine; do groff -k -man -Tutf8 -ww -z "$p/share/man/man6/$m.6" 2>"$tmp/groff" && [[ ! -s "$tmp/groff" ]] ||
    { cat "$tmp/groff"; fail "the man page $m.6 does not format cleanly"; }; done
# The installed game from another folder, with the source tree's assets out of reach.
mkdir "$tmp/elsewhere"
(cd "$tmp/elsewhere" && env -u XIANGQI_ASSETS XIANGQI_NO_SOURCE_TREE=1 "$p/bin/xiangqi" --screenshot shot.png --config-dir "$tmp/cfg" >/dev/null 2>"$tmp/err") ||
  { cat "$tmp/err"; fail "the installed game could not draw"; }
[[ "$(head -c 8 "$tmp/elsewhere/shot.png" | od -An -tx1 | tr -d ' \n')" == "89504e470d0a1a0a" ]] || fail "no PNG written"
grep -q "book not found" "$tmp/err" && fail "the installed game did not find its book"
printf 'ucci\nposition startpos moves h2e2\ngo depth 3\nquit\n' | XIANGQI_NO_SOURCE_TREE=1 "$p/bin/xiangqi-engine" >"$tmp/eng" ||
  fail "installed engine"
grep -q '^bestmove' "$tmp/eng" || fail "the installed engine did not answer: $(cat "$tmp/eng")"
# A .deb with its dependencies worked out.
(cd "$build" && cpack -G DEB -B "$tmp/deb" >/dev/null 2>&1) || fail "cpack -G DEB failed"
deb="$(ls "$tmp"/deb/*.deb)"
depends="$(dpkg-deb -f "$deb" Depends)"
[[ "$depends" == *libsdl2-2.0* && "$depends" == *libsdl2-mixer* ]] || fail "the .deb does not depend on SDL2: $depends"
dpkg-deb -c "$deb" >"$tmp/contents"
grep -q '/usr/share/applications/xiangqi.desktop' "$tmp/contents" || fail "the .deb has no menu entry"
grep -q '/usr/bin/xiangqi$' "$tmp/contents" || fail "the .deb has no program"
echo "1 passed, 0 failed"
