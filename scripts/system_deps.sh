#!/usr/bin/env bash
# Installs the system packages some tests need, when they are missing and this user may:
#   postgresql                 initdb/pg_ctl for the service's PostgreSQL mode (tests/test_serve_*.py)
#   chromium, chromium-driver  headless browser for the reference client page
#   tmux                       a real terminal for the hot-seat privacy tests
#   lua5.2, lua5.4, lua-socket, lua-cjson  the Tabletop Simulator script run against a live
#                              server (lua5.2: TTS's MoonSharp is a Lua 5.2 dialect; luac5.2 -p)
#   curl, jq                   docs/SERVE.md's examples run as written (tests/test_serve_docs.py)
#   caddy                      docs/deploy/Caddyfile run live in front of the service (tests/test_serve_caddy.py)
#   libnss3-tools              certutil: Caddy's local CA trusted by Chromium in that test
#   systemd                    systemd-analyze verify of docs/deploy/mulligan.service (tests/test_serve_deploy.py)
# Debian/Ubuntu (apt-get) only. As root it installs; otherwise it uses `sudo -n` when that works
# without a password, and else prints the command to run and carries on (those tests then skip,
# each saying why). MULLIGAN_NO_SYSTEM_DEPS=1 skips this step entirely.
set -euo pipefail

if [ "${MULLIGAN_NO_SYSTEM_DEPS:-}" = 1 ]; then
    echo "system packages: not checked (MULLIGAN_NO_SYSTEM_DEPS=1)"
    exit 0
fi

need=()
command -v initdb >/dev/null || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null \
    || need+=(postgresql)
command -v chromium >/dev/null || need+=(chromium)
command -v chromedriver >/dev/null || need+=(chromium-driver)
command -v tmux >/dev/null || need+=(tmux)
if command -v lua5.4 >/dev/null; then
    lua5.4 -e 'require "socket"' 2>/dev/null || need+=(lua-socket)
    lua5.4 -e 'require "cjson"' 2>/dev/null || need+=(lua-cjson)
else
    need+=(lua5.4 lua-socket lua-cjson)
fi
command -v lua5.2 >/dev/null || need+=(lua5.2)
command -v curl >/dev/null || need+=(curl)
command -v jq >/dev/null || need+=(jq)
command -v caddy >/dev/null || need+=(caddy)
command -v certutil >/dev/null || need+=(libnss3-tools)
command -v systemd-analyze >/dev/null || need+=(systemd)

if [ "${#need[@]}" -eq 0 ]; then
    echo "system packages: all present"
    exit 0
fi
if ! command -v apt-get >/dev/null; then
    echo "system packages missing: ${need[*]} (no apt-get here: install them by hand;" \
        "the tests that need them skip)"
    exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
else
    echo "system packages missing: ${need[*]}; to install them run:"
    echo "    sudo apt-get update && sudo apt-get install -y ${need[*]}"
    echo "(carrying on: the tests that need them skip)"
    exit 0
fi
echo "apt-get install ${need[*]}"
"${as_root[@]}" apt-get update -qq -o DPkg::Lock::Timeout=600
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq -o DPkg::Lock::Timeout=600 "${need[@]}"
