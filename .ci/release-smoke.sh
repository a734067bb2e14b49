#!/usr/bin/env bash
# The release as an operations team installs it (decision 087): the tarball of `npm run release`
# unpacked into an empty directory outside the repository, nothing of the repository on PATH or in
# the environment, two instances started from lisbon@.service's command line after
# lisbon-migrate.service's, against PostgreSQL, then a journey over HTTP: health, a public page,
# register → activate → log in across the two instances, the first administrator and the ledger
# audit from the host's command line (`bin/lisbon`, reading the service's environment file), the
# metrics, and an instance with a partly different key set refused at start (decision 086).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
PG="${RELEASE_SMOKE_PG:-postgres://postgres@127.0.0.1:5432}"
DB="${RELEASE_SMOKE_DB:-lisbon_release_smoke}"
read -r -a PORTS <<<"${RELEASE_SMOKE_PORTS:-3311 3312}"
TARBALL="$(ls -t "$ROOT"/release/lisbon-*-linux-x64.tar.gz 2>/dev/null | head -n 1)"
[ -n "$TARBALL" ] || { echo "no release tarball: run npm run release first" >&2; exit 1; }

WORK="$(mktemp -d /tmp/lisbon-release-smoke-XXXXXX)"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  psql "$PG/postgres" -qc "drop database if exists $DB" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
fail() {
  echo "release smoke: $*" >&2
  for log in "$WORK"/instance-*.log; do [ -f "$log" ] && { echo "--- $log" >&2; tail -n 20 "$log" >&2; }; done
  exit 1
}

tar -xzf "$TARBALL" -C "$WORK"
APP="$(find "$WORK" -mindepth 1 -maxdepth 1 -type d -name 'lisbon-*')"
echo "unpacked $(basename "$TARBALL") into $APP: $(du -sm --apparent-size "$APP" | cut -f1) MB (files), $(du -sm "$APP" | cut -f1) MB on disk"
ETC="$WORK/etc"
mkdir -p "$ETC" "$WORK/data"
ENV_FILE="$ETC/lisbon.env"
# A bare environment: the release's own Node, no npm, no repository.
bare() { (cd "$WORK" && exec env -i PATH=/usr/bin:/bin HOME="$WORK" LISBON_ENV_FILE="$ENV_FILE" "$@"); }

psql "$PG/postgres" -qc "drop database if exists $DB" >/dev/null
psql "$PG/postgres" -qc "create database $DB" >/dev/null
bare "$APP/bin/lisbon" keys:generate --out "$ETC/keys" | grep -v '^#' >"$WORK/keys.env"
[ "$(wc -l <"$WORK/keys.env")" = 6 ] || fail "keys:generate did not print six variables (the wallet issuer key is the sixth)"
{
  echo "NODE_ENV=production"
  echo "HOST=127.0.0.1"
  echo "PUBLIC_URL=http://127.0.0.1:${PORTS[0]}"
  echo "DATABASE_URL=$PG/$DB"
  echo "DATA_DIR=$WORK/data"
  echo "LOG_LEVEL=warn"
  echo "METRICS_TOKEN=release-smoke-metrics-token-0123456789"
  redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && echo "REDIS_URL=redis://127.0.0.1:6379/9"
  cat "$WORK/keys.env"
} >"$ENV_FILE"

# A unit's ExecStart, with the install path of this test and the instance name.
exec_start() { sed -n 's/^ExecStart=//p' "$APP/systemd/$1" | sed -e "s#/opt/lisbon/current#$APP#g" -e "s#%i#${2:-}#g"; }
read -r -a MIGRATE <<<"$(exec_start lisbon-migrate.service)"
bare "${MIGRATE[@]}" >"$WORK/migrate.log" 2>&1 || { cat "$WORK/migrate.log" >&2; fail "lisbon-migrate.service failed"; }
grep -q 'key-fingerprints' "$WORK/migrate.log" || fail "the migrations did not run"

for port in "${PORTS[@]}"; do
  read -r -a SERVE <<<"$(exec_start lisbon@.service "$port")"
  # exec all the way down (subshell → env → bin/lisbon → node): the process id is the instance's.
  (cd "$WORK" && exec env -i PATH=/usr/bin:/bin HOME="$WORK" LISBON_ENV_FILE="$ENV_FILE" PORT="$port" \
    INSTANCE_ID="smoke-$port" "${SERVE[@]}") >"$WORK/instance-$port.log" 2>&1 &
  PIDS+=("$!")
done
for port in "${PORTS[@]}"; do
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/api/v1/health/ready" >/dev/null 2>&1 && continue 2
    sleep 0.5
  done
  fail "instance on $port never became ready"
done
A="http://127.0.0.1:${PORTS[0]}"
B="http://127.0.0.1:${PORTS[1]}"

health="$(curl -fsS "$B/api/v1/health")"
grep -q '"status":"ok"' <<<"$health" || fail "health: $health"
home="$(curl -fsS "$A/")"
grep -q 'data-prerendered="en-US"' <<<"$home" || fail "the home page is not the pre-rendered one"

email="smoke-$RANDOM@example.org"
password='Smoke#Release2026'
code="$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
  -d "{\"email\":\"$email\",\"first_name\":\"Maria\",\"last_name\":\"Rossi\",\"birth_date\":\"1990-04-02\",\"accept_terms\":true}" \
  "$A/api/v1/auth/register")"
[ "$code" = 202 ] || fail "register answered $code"
# The worker of either instance sends the activation mail (.eml files without SMTP_URL).
token=""
for _ in $(seq 1 60); do
  token="$("$APP/runtime/bin/node" -e '
    const { readdirSync, readFileSync } = require("node:fs");
    const dir = process.argv[1] + "/data/mail";
    let files = [];
    try { files = readdirSync(dir); } catch {}
    for (const file of files) {
      const text = readFileSync(dir + "/" + file, "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      if (!text.includes(process.argv[2])) continue;
      const match = /\/auth\/activate\/([A-Za-z0-9_-]+)/.exec(text);
      if (match) { console.log(match[1]); break; }
    }' "$WORK" "$email")"
  [ -n "$token" ] && break
  sleep 0.5
done
[ -n "$token" ] || fail "no activation mail for $email"
code="$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
  -d "{\"token\":\"$token\",\"password\":\"$password\",\"password_confirmation\":\"$password\"}" \
  "$B/api/v1/auth/activate")"
[ "$code" = 200 ] || fail "activate answered $code"
login="$(curl -fsS -H 'content-type: application/json' -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$A/api/v1/auth")"
grep -q '"access_token"' <<<"$login" || fail "login: no access token"
# A generated PDF (the consent form) renders with the fonts the release keeps.
access="$(sed -E 's/.*"access_token":"([^"]+)".*/\1/' <<<"$login")"
curl -fsS -H "authorization: Bearer $access" -o "$WORK/consent.pdf" "$B/api/v1/consent/form"
[ "$(head -c 5 "$WORK/consent.pdf")" = "%PDF-" ] || fail "the consent form is not a PDF"

created="$(bare "$APP/bin/lisbon" user:create --role admin --email admin@example.org --first-name Ada --last-name Rossi)"
grep -q "/auth/activate/" <<<"$created" || fail "user:create printed no activation link"
verified="$(bare "$APP/bin/lisbon" ledger:verify)"
grep -q '^Ledger OK' <<<"$verified" || fail "ledger:verify: $verified"
metrics="$(curl -fsS -H 'authorization: Bearer release-smoke-metrics-token-0123456789' "$A/metrics")"
grep -q '^lisbon_jobs' <<<"$metrics" || fail "metrics without lisbon_jobs"

# An instance given another TOTP key than the deployment recorded stops at once, naming the variable.
mkdir -p "$WORK/other"
bare "$APP/bin/lisbon" keys:generate --out "$WORK/other/keys" >/dev/null
if refused="$(bare env PORT=0 TOTP_SECRET_KEY_FILE="$WORK/other/keys/totp-secret.key" timeout 60 "${SERVE[@]}" 2>&1)"; then
  fail "an instance with another TOTP key started"
fi
grep -q 'TOTP_SECRET_KEY' <<<"$refused" || fail "the refusal does not name TOTP_SECRET_KEY: $refused"

echo "release smoke OK: $(basename "$TARBALL") unpacked outside the repository, migrated, two instances on PostgreSQL served the journey; bin/lisbon created the administrator and verified the ledger; a partly different key set was refused"
