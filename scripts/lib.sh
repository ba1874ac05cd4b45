# Shared setup for the scripts: installs what is missing, never asks.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
  say "installing Debian packages: $*"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

ensure_rust() {
  if ! command -v cargo >/dev/null 2>&1; then
    [ -x "$HOME/.cargo/bin/cargo" ] && export PATH="$HOME/.cargo/bin:$PATH"
  fi
  command -v cargo >/dev/null 2>&1 || { echo "cargo is missing: install Rust with rustup first" >&2; exit 1; }
}

ensure_node() {
  if ! command -v npm >/dev/null 2>&1; then
    apt_install nodejs npm
  fi
}

# npm packages of the client, from the lock file; reinstalled only when the lock changes.
# `npm install --no-save` rather than `npm ci`: the lock lists only the platform packages
# the registry mirror serves (rollup and unrs-resolver name others for every OS), which
# `npm ci` refuses as "out of sync"; install keeps to the locked versions and writes nothing.
ensure_frontend_packages() {
  ensure_node
  local stamp="$ROOT/frontend/node_modules/.lock-stamp"
  if [ ! -f "$stamp" ] || ! cmp -s "$ROOT/frontend/package-lock.json" "$stamp"; then
    say "installing the client's npm packages"
    (cd "$ROOT/frontend" && npm install --no-save --no-audit --no-fund --loglevel=error)
    cp "$ROOT/frontend/package-lock.json" "$stamp"
  fi
}

# Browser tests: Debian's Chromium, and zbarimg to read back the QR code the secure-auth page draws.
ensure_browser_test_tools() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
  if [ "${#missing[@]}" -gt 0 ]; then
    apt_install "${missing[@]}"
  fi
}

# Debian's nats-server (JetStream), for the tests of the ledger's log on JetStream (issue 12).
ensure_nats_server() {
  [ -x /usr/sbin/nats-server ] || apt_install nats-server
}

# schemathesis from PyPI, pinned, in its own virtualenv under target/: sets SCHEMATHESIS.
ensure_schemathesis() {
  local venv="${CARGO_TARGET_DIR:-$ROOT/target}/schemathesis-venv"
  local version=4.32.5
  if ! "$venv/bin/st" --version 2>/dev/null | grep -q "$version"; then
    say "installing schemathesis $version"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "schemathesis==$version"
  fi
  SCHEMATHESIS="$venv/bin/st"
}

build_client() {
  ensure_frontend_packages
  say "building the client (webpack production)"
  (cd "$ROOT/frontend" && npm run --silent build)
}
