#!/usr/bin/env bash
# Installs only what is missing for building and testing branded, on Debian 12.
# Idempotent: a second run with everything present does nothing but say so.
# Not root and something missing: prints the exact command to run and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

# package -> suite ("" = bookworm, "bp" = bookworm-backports)
# The e2e suite's three engines: chromium; firefox-esr; webkit2gtk-driver (WebKitWebDriver + MiniBrowser),
# which needs an X display: xvfb (xvfb-run needs xauth). The lint tools: clang-format clang-tidy shellcheck.
# The docs code blocks (62-docs-code): python3 (its sqlite3 runs the SQL), iproute2 (loopback up in a namespace;
# the bridge's attack tests make an IPv6 prefix local with it), curl (the bridge guide asks the bridge). The
# Sphinx + furo example site (examples/sphinx): python3-sphinx furo. dpkg-dev unpacks Debian's newer Valkey
# source package (scripts/setup-valkey.sh).
plain_packages=(cmake g++ make ninja-build pkg-config nlohmann-json3-dev libbenchmark-dev emscripten chromium
                clang libclang-rt-14-dev firefox-esr webkit2gtk-driver xvfb xauth clang-format clang-tidy shellcheck
                python3 iproute2 curl python3-sphinx furo dpkg-dev)
# The native CLI's linux-arm64 build (g++-aarch64-linux-gnu) and the emulator its tests run it under
# (qemu-user-static); the CLI bench's peers (ripgrep, hyperfine; grep is in every system).
plain_packages+=(g++-aarch64-linux-gnu qemu-user-static ripgrep hyperfine)
# The bindings over the C ABI (scripts/build.d/40-bindings.sh, stage 27-bindings): the Python wheel from Debian's
# toolchain (pybind11-dev python3-pybind11 python3-dev python3-pip python3-venv; python3-scikit-build-core from
# backports), numpy for parse_many's arrays and mypy for the typed example; SQLite's headers and shell;
# PostgreSQL 15 and its server headers (PGXS).
plain_packages+=(pybind11-dev python3-pybind11 python3-dev python3-pip python3-venv python3-numpy python3-mypy sqlite3
                 libsqlite3-dev postgresql-15 postgresql-server-dev-15)
backport_packages=(libcatch2-dev valkey-server valkey-tools python3-scikit-build-core)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
# libcatch2-dev from bookworm itself is Catch2 2.x; the suite needs v3 from backports.
catch2_v3() { [ -f /usr/include/catch2/catch_test_macros.hpp ]; }

missing_plain=()
for p in "${plain_packages[@]}"; do installed "$p" || missing_plain+=("$p"); done
missing_bp=()
for p in "${backport_packages[@]}"; do installed "$p" || missing_bp+=("$p"); done
if installed libcatch2-dev && ! catch2_v3; then missing_bp+=(libcatch2-dev); fi

backports_source=/etc/apt/sources.list.d/bookworm-backports.sources
backports_entry='Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
have_backports() { grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/; }

if [ ${#missing_plain[@]} -gt 0 ] || [ ${#missing_bp[@]} -gt 0 ]; then
  echo "setup: missing: ${missing_plain[*]} ${missing_bp[*]}"
  if [ "$(id -u)" != 0 ]; then
    echo "setup: not root; run this as root, then again:" >&2
    have_backports || echo "  printf '$backports_entry' > $backports_source" >&2
    echo "  apt-get update && apt-get install -y --no-install-recommends ${missing_plain[*]}" >&2
    [ ${#missing_bp[@]} -gt 0 ] && echo "  apt-get install -y --no-install-recommends -t bookworm-backports ${missing_bp[*]}" >&2
    exit 1
  fi
  if ! have_backports; then
    echo "setup: adding the bookworm-backports suite ($backports_source)"
    printf '%b' "$backports_entry" > "$backports_source"
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  [ ${#missing_plain[@]} -gt 0 ] && apt-get install -y -q --no-install-recommends "${missing_plain[@]}"
  [ ${#missing_bp[@]} -gt 0 ] && apt-get install -y -q --no-install-recommends -t bookworm-backports "${missing_bp[@]}"
else
  echo "setup: system packages present"
fi

# A Valkey with the 2025 Lua fixes, built once from Debian's newer source package (Debian's 8.0.1 predates them).
bash scripts/setup-valkey.sh

# npm dependencies: install when node_modules is missing or older than the lock file.
if [ -f package-lock.json ]; then
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "setup: npm ci"
    npm ci --no-audit --no-fund
  fi
fi
