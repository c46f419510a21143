#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (a browser download of Playwright's own cannot work
# here); install it when it is missing and we may.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing at $CHROMIUM: install Debian's chromium package (sudo apt-get install chromium)." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk >/dev/null
