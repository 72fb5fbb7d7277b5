#!/usr/bin/env bash
# A Valkey with the 2025 Lua fixes (CVE-2025-49844, -46817, -46818, -46819; upstream 8.0.6 / 8.1.4 and later).
# Debian 12 and bookworm-backports offer only 8.0.1, so Debian's newer source package (from sid) is rebuilt
# once, offline, with its bundled Lua and jemalloc, and installed under $BRANDED_VALKEY_PREFIX
# (/opt/branded-valkey/<version>, `current` pointing at it). The tests and `npm start` run it
# (bridge/local/valkey-launcher.js looks there first); Debian's valkey-server stays installed beside it.
# Idempotent: with the version installed it says so and does nothing. The downloads are checked against the
# pinned SHA-256 of the .dsc, and the tarballs against the SHA-256 the .dsc lists.
# Not root: prints what to run and exits 0 (the stack then runs Debian's 8.0.1, and the bridge says so).
set -euo pipefail

version=9.1.2-1
dsc_sha256=637995b2db343b75ae655fdb458b1f14f9b9b6f913f6144bdb9764b51b2ce2b2
pool=http://deb.debian.org/debian/pool/main/v/valkey
root=${BRANDED_VALKEY_ROOT:-/opt/branded-valkey}
prefix=$root/$version
cache=${BRANDED_VALKEY_CACHE:-/var/cache/branded-valkey}
upstream=${version%-*}

if "$prefix/bin/valkey-server" --version 2>/dev/null | grep -q "v=$upstream "; then
  echo "setup: valkey $upstream present ($prefix)"
  exit 0
fi
if [ "$(id -u)" != 0 ] && ! { mkdir -p "$root" "$cache" 2>/dev/null && [ -w "$root" ] && [ -w "$cache" ]; }; then
  echo "setup: valkey $upstream (with the 2025 Lua fixes) is not built; as root run: bash scripts/setup-valkey.sh" >&2
  echo "setup: until then the tests and npm start use Debian's valkey-server ($(valkey-server --version 2>/dev/null | grep -o 'v=[^ ]*'))" >&2
  exit 0
fi

# node is the one downloader every box here has (curl and wget are not installed).
# shellcheck disable=SC2016 # the quoted text is JavaScript, its ${} are its own
fetch() { # URL FILE
  node --input-type=module -e '
    import { writeFileSync } from "node:fs";
    const [url, file] = process.argv.slice(1);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  ' "$1" "$2"
}
verified() { [ -f "$2" ] && echo "$1  $2" | sha256sum --check --status; }

mkdir -p "$cache"
cd "$cache"
dsc=valkey_$version.dsc
verified "$dsc_sha256" "$dsc" || fetch "$pool/$dsc" "$dsc"
verified "$dsc_sha256" "$dsc" || { echo "setup: $dsc does not match its pinned SHA-256" >&2; exit 1; }
# The .dsc's Checksums-Sha256 lines: " <sha256> <size> <file>".
sed -n '/^Checksums-Sha256:/,/^[^ ]/p' "$dsc" | awk 'NF == 3 { print $1, $3 }' | while read -r sum file; do
  verified "$sum" "$file" || fetch "$pool/$file" "$file"
  verified "$sum" "$file" || { echo "setup: $file does not match the SHA-256 in $dsc" >&2; exit 1; }
done

echo "setup: building valkey $version from Debian's source package (a few minutes, once)"
started=$(date +%s)
src=$cache/valkey-$version
rm -rf "$src"
dpkg-source --no-check -x "$dsc" "$src" >/dev/null
make -C "$src" -j"$(nproc)" BUILD_TLS=no USE_SYSTEMD=no >"$cache/build.log" 2>&1 || {
  tail -n 30 "$cache/build.log" >&2
  echo "setup: the valkey build failed; the whole log is $cache/build.log" >&2
  exit 1
}
rm -rf "$prefix"
make -C "$src" install PREFIX="$prefix" >>"$cache/build.log" 2>&1
ln -sfn "$version" "$root/current"
rm -rf "$src"
echo "setup: valkey $("$prefix/bin/valkey-server" --version | grep -o 'v=[^ ]*') in $prefix ($(($(date +%s) - started)) s)"
