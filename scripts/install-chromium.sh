#!/usr/bin/env bash
# Optional: Chromium and chromedriver, for the tests and bench that drive Chrome through a WebDriver
# server (--webdriver-url with --browser chrome). Uses them when found, installs Debian's chromium
# and chromium-driver as root with apt-get, and otherwise says what to install and exits 0: the
# tests that need them are then skipped, saying why.
set -euo pipefail

have() { command -v chromedriver >/dev/null 2>&1 && { command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1; }; }

if have; then
  echo "Chromium: $(command -v chromium || command -v chromium-browser || command -v google-chrome); $(chromedriver --version | head -1)"
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium or chromedriver not found; installing the distribution's chromium and chromium-driver packages…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  if apt-get install -y -qq chromium chromium-driver >/dev/null && have; then
    echo "Chromium: $(command -v chromium); $(chromedriver --version | head -1)"
    exit 0
  fi
  echo "apt-get could not install chromium and chromium-driver; the Chrome tests will be skipped." >&2
  exit 0
fi
echo "Chromium and chromedriver are not installed (Debian: sudo apt-get install chromium chromium-driver); the Chrome tests will be skipped." >&2
exit 0
