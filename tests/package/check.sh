#!/usr/bin/env bash
# The package test (scripts/package.sh --test): checks the .deb the way a packager and a newcomer
# would. It reads the control data and the file list, runs lintian and desktop-file-validate,
# checks that the declared dependencies cover every library the binaries load, installs the
# package with apt on this machine, opens the installed app under Xvfb on the installed sample
# catalogue (screenshot in docs/screenshots/installed-app.png), runs the installed CLI, and
# purges the package, checking nothing is left. The .rpm is read with rpm (it cannot be installed
# on Debian).
set -euo pipefail
cd "$(dirname "$0")/../.."
deb=$(realpath "$1")
rpm=$(realpath "$2")
. scripts/setup.sh
need_packages lintian desktop-file-utils rpm x11-utils xvfb xauth imagemagick libglib2.0-bin

fail() { echo "package test: $*" >&2; exit 1; }
work=$(mktemp -d)
installed=""
cleanup() {
  [ -n "$installed" ] && as_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq skillhouse >/dev/null 2>&1 || true
  [ -n "${app_pid:-}" ] && kill "$app_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

if dpkg-query -W -f='${Status}' skillhouse 2>/dev/null | grep -q "install ok installed"; then
  fail "a skillhouse package is installed on this machine already; remove it first (sudo apt purge skillhouse), since this test installs and removes its own"
fi

echo "== control"
dpkg-deb -I "$deb" | tee "$work/control"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = skillhouse ] || fail "package name is $(field Package), not skillhouse"
version=$(cargo metadata --no-deps --format-version 1 | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"]=="skillhouse-cli"))')
[ "$(field Version)" = "$version" ] || fail "package version $(field Version), workspace $version"
depends=$(field Depends)
echo "$depends" | grep -q "libwebkit2gtk-4.1-0" || fail "Depends lacks WebKitGTK 4.1: $depends"
field Recommends | grep -q "fonts-noto-cjk" || fail "Recommends lacks a CJK font: $(field Recommends)"

echo "== files"
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's#^\./##; s#^#/#; s#/$##' > "$work/files"
for f in /usr/bin/skillhouse-app /usr/bin/skillhouse /usr/share/applications/Skillhouse.desktop \
  /usr/share/icons/hicolor/32x32/apps/skillhouse-app.png /usr/share/icons/hicolor/48x48/apps/skillhouse-app.png \
  /usr/share/icons/hicolor/64x64/apps/skillhouse-app.png /usr/share/icons/hicolor/128x128/apps/skillhouse-app.png \
  /usr/share/icons/hicolor/256x256/apps/skillhouse-app.png /usr/share/skillhouse/skills/skillhouse.yaml \
  /usr/share/doc/skillhouse/copyright /usr/share/doc/skillhouse/changelog.gz; do
  grep -qx "$f" "$work/files" || fail "the package lacks $f"
done
echo "$(wc -l < "$work/files") entries"

mkdir "$work/root"
dpkg-deb -x "$deb" "$work/root"
for bin in skillhouse skillhouse-app; do
  file -b "$work/root/usr/bin/$bin" | grep -q ", stripped" || fail "/usr/bin/$bin is not stripped: $(file -b "$work/root/usr/bin/$bin")"
  echo "/usr/bin/$bin: $(du -k "$work/root/usr/bin/$bin" | cut -f1) KB, stripped"
done
# The glibc the package asks for is at least the newest symbol version the binaries use.
glibc_used=$(for bin in skillhouse skillhouse-app; do objdump -T "$work/root/usr/bin/$bin" | grep -o 'GLIBC_[0-9.]*'; done | sed 's/GLIBC_//' | sort -uV | tail -1)
glibc_declared=$(echo "$depends" | sed -n 's/.*libc6 (>= \([0-9.]*\)).*/\1/p')
dpkg --compare-versions "${glibc_declared:-0}" ge "$glibc_used" || fail "the binaries use glibc $glibc_used, the package asks for ${glibc_declared:-no version}: raise libc6 in src-tauri/tauri.conf.json"
zcat "$work/root/usr/share/doc/skillhouse/changelog.gz" | head -1 | grep -q "^skillhouse ($version)" || fail "src-tauri/packaging/changelog does not start with version $version"
desktop-file-validate "$work/root/usr/share/applications/Skillhouse.desktop" || fail "the desktop entry is not valid"
grep -qx 'Exec=skillhouse-app %f' "$work/root/usr/share/applications/Skillhouse.desktop" || fail "the desktop entry does not pass the folder it is opened with"
grep -qx 'MimeType=inode/directory;' "$work/root/usr/share/applications/Skillhouse.desktop" || fail "the desktop entry does not offer to open folders"
# The sample catalogue ships byte for byte.
diff -r skills "$work/root/usr/share/skillhouse/skills" >/dev/null || fail "the packaged sample catalogue differs from skills/"

echo "== dependencies cover every library the app loads"
# dpkg records a file under the path its package shipped it at: /lib or /usr/lib (merged /usr),
# through a symlink or at its target.
owner_of() {
  local real; real=$(realpath "$1")
  for p in "$1" "$real" "${1#/usr}" "/usr$1" "${real#/usr}" "/usr$real"; do
    dpkg -S "$p" 2>/dev/null | head -1 | cut -d: -f1 && return 0
  done
  return 0
}
# Every shared library the binaries need must come from a package the declared Depends pull in.
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances \
  $(echo "$depends" | tr ',' '\n' | sed 's/(.*)//; s/|.*//; s/ //g') 2>/dev/null | grep -v '^ ' | sed 's/:.*//' | sort -u)
for bin in skillhouse skillhouse-app; do
  for lib in $(ldd "$work/root/usr/bin/$bin" | awk '/=>/ {print $3}'); do
    owner=$(owner_of "$lib")
    [ -n "$owner" ] || fail "$bin loads $lib, which no package owns"
    echo "$closure" | grep -qx "$owner" || fail "$bin loads $lib from $owner, which the declared Depends ($depends) do not pull in"
  done
done
echo "every library comes from the Depends closure"

echo "== lintian"
# Errors fail the test; warnings are printed for the note.
lintian --fail-on error --tag-display-limit 0 "$deb" | tee "$work/lintian" || fail "lintian found errors (above)"

echo "== rpm"
rpm -qip "$rpm" | head -20
rpm -qpR "$rpm" | tee "$work/rpm-requires"
# Tauri's RPM requires the libraries by soname, which dnf resolves to webkit2gtk4.1 and gtk3.
for so in "libwebkit2gtk-4.1.so.0()(64bit)" "libgtk-3.so.0()(64bit)"; do
  grep -qxF "$so" "$work/rpm-requires" || fail "the rpm does not require $so"
done
rpm -qpl "$rpm" > "$work/rpm-files"
for f in /usr/bin/skillhouse-app /usr/bin/skillhouse /usr/share/applications/Skillhouse.desktop /usr/share/skillhouse/skills/skillhouse.yaml; do
  grep -qx "$f" "$work/rpm-files" || fail "the rpm lacks $f"
done

echo "== install"
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >/dev/null
installed=1
dpkg-query -W -f='${Status}\n' skillhouse | grep -q "install ok installed" || fail "apt did not install the package"
[ "$(command -v skillhouse)" = /usr/bin/skillhouse ] || fail "skillhouse is not on the PATH at /usr/bin (found: $(command -v skillhouse || echo nothing))"
commit=$(git rev-parse --short=12 HEAD)
[ "$(/usr/bin/skillhouse --version)" = "skillhouse $version (commit $commit)" ] || fail "skillhouse --version says '$(/usr/bin/skillhouse --version)', expected version $version and commit $commit"
# A home of its own, so the test leaves no index or recent list in the real one.
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
mkdir -p "$HOME"
/usr/bin/skillhouse validate /usr/share/skillhouse/skills > "$work/validate" || { cat "$work/validate"; fail "the installed skillhouse validate failed on the installed sample catalogue"; }
tail -3 "$work/validate"

echo "== the installed app, opened through its desktop entry with the sample catalogue's folder"
# `gio launch` runs the entry's Exec line with the folder for %f, as a menu or "Open with" does.
Xvfb -displayfd 3 -screen 0 1280x820x24 -nolisten tcp 3>"$work/display" >/dev/null 2>&1 &
xvfb_pid=$!
trap 'kill $xvfb_pid 2>/dev/null || true; cleanup' EXIT
for _ in $(seq 1 50); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=":$(tr -d '[:space:]' < "$work/display")"
gio launch /usr/share/applications/Skillhouse.desktop /usr/share/skillhouse/skills > "$work/app.log" 2>&1
recent="$XDG_CONFIG_HOME/skillhouse/recent.json"
for _ in $(seq 1 60); do
  app_pid=$(pgrep -n -x skillhouse-app || true)
  [ -f "$recent" ] && grep -q /usr/share/skillhouse/skills "$recent" && break
  sleep 1
done
[ -n "$app_pid" ] || { cat "$work/app.log"; fail "the desktop entry did not start skillhouse-app"; }
grep -q /usr/share/skillhouse/skills "$recent" 2>/dev/null || { cat "$work/app.log"; fail "the app did not open /usr/share/skillhouse/skills within 60 s"; }
tr '\0' ' ' < "/proc/$app_pid/cmdline" | grep -q "skillhouse-app /usr/share/skillhouse/skills" || fail "the desktop entry ran: $(tr '\0' ' ' < "/proc/$app_pid/cmdline")"
xwininfo -root -tree | grep -q '"Skillhouse"' || fail "no window titled Skillhouse"
sleep 3
import -window root "$work/installed-app.png"
colours=$(convert "$work/installed-app.png" -format %k info:)
[ "$colours" -gt 50 ] || fail "the screenshot has only $colours colours: the window is blank"
cp "$work/installed-app.png" docs/screenshots/installed-app.png
echo "window up, screenshot docs/screenshots/installed-app.png ($colours colours)"
kill "$app_pid"
for _ in $(seq 1 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
app_pid=""

echo "== remove"
as_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq skillhouse >/dev/null
installed=""
for f in /usr/bin/skillhouse-app /usr/bin/skillhouse /usr/share/applications/Skillhouse.desktop /usr/share/skillhouse /usr/share/doc/skillhouse; do
  [ ! -e "$f" ] || fail "$f is left after apt purge"
done
echo "package test passed: $(basename "$deb") $(du -k "$deb" | cut -f1) KB, $(basename "$rpm") $(du -k "$rpm" | cut -f1) KB"
