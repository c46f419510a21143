#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (a browser download of Playwright's own cannot work
# here); install it when it is missing and we may. The CJK and colour-emoji fonts are what a
# phone has, so screenshots show Japanese, Korean and emoji as members see them.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium fonts-noto-cjk)
[ -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  [ -x "$CHROMIUM" ] && exit 0 # only fonts are missing: the tests still run
  echo "Chromium is missing at $CHROMIUM: install Debian's chromium package (sudo apt-get install chromium)." >&2
  exit 1
fi
echo "Installing ${missing[*]} for the browser tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
