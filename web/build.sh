#!/usr/bin/env bash
# Builds the browser client into build/web (xiangqi-server serves it from
# there in a build tree): the engine library to WebAssembly with Debian's
# emscripten (build/wasm), the npm packages from the committed lock file,
# then the bundle with hashed names (web/build.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
# emcc's optimiser runs node and needs Debian's acorn (node-acorn), which
# lives where a node from outside Debian does not look.
export NODE_PATH=/usr/share/nodejs
emcmake cmake -S web/wasm -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j"$(nproc)"
if [[ ! -f web/node_modules/.package-lock.json || web/package-lock.json -nt web/node_modules/.package-lock.json ]]; then
  (cd web && npm ci --no-audit --no-fund)
fi
(cd web && npx tsc --noEmit -p .)  # the client type-checks
node web/build.mjs build/web build/wasm
