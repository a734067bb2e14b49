#!/usr/bin/env bash
# The release's systemd units (packaging/systemd) as systemd reads them: `systemd-analyze verify`
# on each, lisbon@.service as an instance (lisbon@3000), in a root of their own holding the host's
# system units and, at the paths their ExecStart= names, an executable stand-in for the release
# (installed under /opt/lisbon/current only on a deployment's host). Fails on anything it reports,
# a warning too: an unknown directive or section, a bad value, a unit named in After=/Wants= that
# does not exist. Needs systemd-analyze (Debian's systemd package); no running systemd.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

SYSTEM_UNITS=/usr/lib/systemd/system
[ -d "$SYSTEM_UNITS" ] || SYSTEM_UNITS=/lib/systemd/system
mkdir -p "$WORK/usr/lib/systemd" "$WORK/etc/systemd/system"
cp -r "$SYSTEM_UNITS" "$WORK/usr/lib/systemd/system"
cp "$ROOT"/packaging/systemd/* "$WORK/etc/systemd/system/"
for command in $(sed -n 's/^ExecStart=[-@:+!]*\([^ ]*\).*/\1/p' "$ROOT"/packaging/systemd/*.service | sort -u); do
  mkdir -p "$WORK$(dirname "$command")"
  printf '#!/bin/sh\n' >"$WORK$command"
  chmod 0755 "$WORK$command"
done

units=()
for file in "$ROOT"/packaging/systemd/*; do
  name="$(basename "$file")"
  case "$name" in
    *@.service) units+=("${name%@.service}@3000.service") ;;
    *) units+=("$name") ;;
  esac
done

cd "$WORK/etc/systemd/system"
status=0
report="$(systemd-analyze verify --root="$WORK" --man=no "${units[@]}" 2>&1)" || status=$?
if [ "$status" -ne 0 ] || [ -n "$report" ]; then
  printf '%s\n' "$report" >&2
  echo "systemd-analyze verify: the units of packaging/systemd need mending (exit $status)" >&2
  exit 1
fi
echo "systemd-analyze verify: ${units[*]}: nothing to report"
