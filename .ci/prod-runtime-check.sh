#!/usr/bin/env bash
# The production runtime needs only `dependencies`: copy the built tree, install it with
# `npm ci --omit=dev`, start the built server with plain `node` (no TypeScript loader) and check
# that it serves the API and the SPA, and no source map. Run after `npm run build`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
NODE="$ROOT/node_modules/node/bin/node" # Node 24: the `node` package is itself a devDependency
PORT="${PROD_CHECK_PORT:-3305}"
WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

[ -f apps/api/dist/main.js ] && [ -f apps/web/dist/index.html ] || { echo "no build: run npm run build first" >&2; exit 1; }

mkdir -p "$WORK/app"
git ls-files -z | xargs -0 tar -cf - apps/api/dist apps/web/dist | tar -xf - -C "$WORK/app"
(cd "$WORK/app" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
for tool in tsx vite esbuild vitest @vitejs/plugin-react; do
  if [ -e "$WORK/app/node_modules/$tool" ]; then echo "devDependency $tool was installed" >&2; exit 1; fi
done

# `npm start` in a copied build without devDependencies runs the build it has: no Vite, no esbuild,
# no word about sources newer than the build, whatever the files' times (decision 087).
touch "$WORK/app/apps/api/src/main.ts" "$WORK/app/apps/web/index.html"
stale="$(cd "$WORK/app" && "$NODE" scripts/build.mjs --if-stale 2>&1)"
[ -z "$stale" ] || { echo "scripts/build.mjs --if-stale in a copied build said: $stale" >&2; exit 1; }

(cd "$WORK/app" && PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$WORK/data" LOG_LEVEL=warn exec \
  "$NODE" apps/api/dist/main.js > "$WORK/server.log" 2>&1) &
SERVER_PID=$!
for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$PORT/api/v1/health" > /dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; exit 1; }
  sleep 0.5
done
# Each answer is read whole before it is searched: `curl | grep -q` fails under pipefail when grep
# stops at its match while curl is still writing a page larger than the pipe's buffer.
health="$(curl -fsS "http://127.0.0.1:$PORT/api/v1/health")"
grep -q '"status":"ok"' <<<"$health"
# `/` is the home page the build rendered (decision 082); a page it did not render is the empty shell.
home="$(curl -fsS "http://127.0.0.1:$PORT/")"
grep -q '<div id="root" data-prerendered="en-US"[^>]*><' <<<"$home"
shell="$(curl -fsS "http://127.0.0.1:$PORT/practices/1")"
grep -q '<div id="root"></div>' <<<"$shell"
asset="$(grep -m 1 -oE '/assets/[^"]+\.js' <<<"$home" | sed -n 1p)"
curl -fsS "http://127.0.0.1:$PORT$asset" > /dev/null
code="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT$asset.map")"
[ "$code" = 404 ] || { echo "source map served: $asset.map answered $code" >&2; exit 1; }
# The entry script is cached for a year; the page's modules (its modulepreload links, decision 082),
# the React chunk among them, go out as the build's Brotli copies, cached for a year too (decision
# 063).
entry="$(grep -oE '<script type="module"[^>]* src="/assets/[^"]+\.js"' <<<"$home" | grep -oE '/assets/[^"]+')"
headers="$(curl -fsS -o /dev/null -D - -H 'Accept-Encoding: br, gzip' "http://127.0.0.1:$PORT$entry")"
grep -qi '^cache-control: public, max-age=31536000, immutable' <<<"$headers" || { echo "$entry not cached for a year" >&2; exit 1; }
module="$(grep -oE '/assets/react-[^" ]+\.js' <<<"$home" | sed -n 1p)"
headers="$(curl -fsS -o /dev/null -D - -H 'Accept-Encoding: br, gzip' "http://127.0.0.1:$PORT$module")"
grep -qi '^content-encoding: br' <<<"$headers" || { echo "$module not served as Brotli" >&2; exit 1; }
grep -qi '^cache-control: public, max-age=31536000, immutable' <<<"$headers" || { echo "$module not cached for a year" >&2; exit 1; }
echo "production runtime OK: built server on dependencies only serves the API and the SPA (precompressed), no source maps"
