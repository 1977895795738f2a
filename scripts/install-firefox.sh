#!/usr/bin/env bash
# Makes sure a Firefox is there for firefox-bidi-mcp: uses one that is found (FIREFOX_BIN, firefox
# or firefox-esr on PATH, the usual install paths), otherwise installs Debian's/Ubuntu's firefox-esr
# when running as root with apt-get, otherwise says what to install.
set -euo pipefail

found() { echo "Firefox: $1 ($("$1" --version 2>/dev/null || echo 'version unknown'))"; exit 0; }

if [ -n "${FIREFOX_BIN:-}" ]; then
  [ -x "$FIREFOX_BIN" ] && found "$FIREFOX_BIN"
  echo "FIREFOX_BIN=$FIREFOX_BIN is not an executable file; point it at a Firefox binary or unset it." >&2
  exit 1
fi
for name in firefox firefox-esr; do
  path=$(command -v "$name" 2>/dev/null || true)
  [ -n "$path" ] && found "$path"
done
for path in /usr/lib/firefox/firefox /usr/lib/firefox-esr/firefox-esr /opt/firefox/firefox; do
  [ -x "$path" ] && found "$path"
done

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Firefox not found; installing the distribution's firefox-esr package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  if apt-get install -y -qq firefox-esr >/dev/null; then
    found "$(command -v firefox-esr)"
  fi
  echo "apt-get could not install firefox-esr (Ubuntu ships it only in the mozillateam PPA). Install Firefox and set FIREFOX_BIN to its binary." >&2
  exit 1
fi

cat >&2 <<'MSG'
Firefox was not found. Install it, for example:
  Debian:  sudo apt-get install firefox-esr
  Ubuntu:  sudo add-apt-repository ppa:mozillateam/ppa && sudo apt-get install firefox-esr
  others:  https://www.mozilla.org/firefox/  (then set FIREFOX_BIN to the firefox binary)
MSG
exit 1
