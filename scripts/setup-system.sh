#!/usr/bin/env bash
# Installs the system packages the tests need, from Debian's archive: chromium (Playwright
# drives it; browser downloads are not possible on these machines) and PostgreSQL (the server
# tests run against it as well as against the embedded PGlite). Safe to run again.
# `npm test` runs it with --if-missing before the tests: silent when both are present.
set -euo pipefail

quiet=false
[ "${1:-}" = "--if-missing" ] && quiet=true

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v runuser >/dev/null 2>&1 || need+=(util-linux)

if [ ${#need[@]} -eq 0 ]; then
  $quiet || echo "setup: chromium and PostgreSQL are already installed"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "setup: run as root or install sudo" >&2; exit 1; }
  sudo="sudo"
fi

echo "setup: installing ${need[*]} from Debian's packages"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
# The Debian package starts a cluster of its own on port 5432; the tests start a private one
# on a free port instead, so the packaged one is left as it is.
echo "setup: done ($(chromium --version 2>/dev/null | head -n1))"
