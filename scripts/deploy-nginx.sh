#!/usr/bin/env bash
# nginx configured by docs/deploy.md's own example, on this machine: the example as written there
# but for the addresses and a throw-away self-signed certificate (for 127.0.0.1). Used by the
# release's smoke test (.ci/release-smoke.sh) and by `npm run bench -- lighthouse`, so that both
# meet the portal as an operator serves it: HTTPS, HTTP/2, deploy.md's headers and limits.
#
#   scripts/deploy-nginx.sh DEPLOY_MD DIR HTTP_PORT HTTPS_PORT UPSTREAM_PORT [UPSTREAM_PORT]
#
# writes DIR/nginx.conf (with DIR/lisbon.conf, DIR/fullchain.pem, DIR/privkey.pem; the example's
# access log goes to DIR/access.log), checks it with
# `nginx -t` and prints nothing; then `nginx -c DIR/nginx.conf -p DIR` serves it in the foreground.
# With one upstream port, the example's second instance is left out. DIR must be a folder nginx's
# workers may enter (mode 0755): they write their temporary files there. Fails when the example no
# longer holds what is replaced here.
set -euo pipefail
[ $# -ge 5 ] && [ $# -le 6 ] || {
  echo "usage: $0 DEPLOY_MD DIR HTTP_PORT HTTPS_PORT UPSTREAM_PORT [UPSTREAM_PORT]" >&2
  exit 2
}
DEPLOY_MD="$1" DIR="$2" HTTP_PORT="$3" HTTPS_PORT="$4" FIRST="$5" SECOND="${6:-}"
fail() {
  echo "deploy-nginx: $*" >&2
  exit 1
}
for tool in nginx openssl; do
  command -v "$tool" >/dev/null 2>&1 ||
    fail "$tool is not on PATH (Debian: apt-get install -y $tool; nginx lives in /usr/sbin)"
done

openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \
  -subj /CN=portal.example.org -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$DIR/privkey.pem" -out "$DIR/fullchain.pem" >/dev/null 2>&1 || fail "openssl could not make a certificate"
second=("-e" "s#server 10.0.1.12:3000 #server 127.0.0.1:${SECOND} #")
[ -n "$SECOND" ] || second=("-e" "/server 10\.0\.1\.12:3000 /d")
sed -n '/^```nginx$/,/^```$/p' "$DEPLOY_MD" | sed -e '1d;$d' \
  -e "s#server 10.0.1.11:3000 #server 127.0.0.1:${FIRST} #" "${second[@]}" \
  -e "s#listen 80;#listen 127.0.0.1:${HTTP_PORT};#" \
  -e "s#listen 443 ssl#listen 127.0.0.1:${HTTPS_PORT} ssl#" \
  -e "s#/etc/letsencrypt/live/portal.example.org/#$DIR/#" \
  -e "s#/var/log/nginx/lisbon-access.log#$DIR/access.log#" >"$DIR/lisbon.conf"
expected=("127.0.0.1:${FIRST}" "listen 127.0.0.1:${HTTP_PORT};" "listen 127.0.0.1:${HTTPS_PORT} ssl"
  "$DIR/fullchain.pem" "$DIR/privkey.pem" "$DIR/access.log")
[ -z "$SECOND" ] || expected+=("127.0.0.1:${SECOND}")
for text in "${expected[@]}"; do
  grep -qF "$text" "$DIR/lisbon.conf" || fail "deploy.md's nginx example no longer has what is replaced ($text)"
done
! grep -q '10\.0\.1\.' "$DIR/lisbon.conf" || fail "deploy.md's nginx example names an instance this script does not replace"
cat >"$DIR/nginx.conf" <<NGINX
daemon off;
worker_processes 1;
pid $DIR/nginx.pid;
error_log $DIR/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path $DIR/body;
  proxy_temp_path $DIR/proxy;
  fastcgi_temp_path $DIR/fastcgi;
  uwsgi_temp_path $DIR/uwsgi;
  scgi_temp_path $DIR/scgi;
  include $DIR/lisbon.conf;
}
NGINX
nginx -t -q -c "$DIR/nginx.conf" -p "$DIR" 2>"$DIR/error.log" || fail "nginx refuses deploy.md's example: $(cat "$DIR/error.log")"
