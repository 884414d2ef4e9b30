#!/usr/bin/env bash
# Makes sure the tests have what they need outside npm: Debian's Chromium and a PostgreSQL server.
# Prints `export …` lines for the caller to eval: TEST_DATABASE_URL and, when Redis answers, TEST_REDIS_URL.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }
apt_updated=0
apt_install() {
  if [ $apt_updated -eq 0 ]; then as_root apt-get update -qq >&2; apt_updated=1; fi
  # Only what the packages need: Chromium's recommends (printing, Avahi, Samba, Perl…) take minutes
  # to install and nothing here uses them.
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

if [ ! -x /usr/bin/chromium ]; then
  echo "› Installing Debian's Chromium for the browser tests…" >&2
  apt_install chromium fonts-liberation fonts-noto-cjk
fi

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  url="postgres://postgres@127.0.0.1:5432/test"
  if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ] && [ -n "$(ls /etc/postgresql 2>/dev/null)" ]; then
      echo "› Starting the local PostgreSQL…" >&2
      as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start >&2 || true
    fi
  fi
  if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null || ! psql "$url" -Atc 'select 1' >/dev/null 2>&1; then
    # No usable server: a throwaway one from Debian's packages, in a temporary directory.
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
      echo "› Installing PostgreSQL from Debian's packages…" >&2
      apt_install postgresql
    fi
    bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n1)")
    dir=$(mktemp -d /tmp/portal-pg-XXXXXX)
    id postgres >/dev/null 2>&1 || as_root useradd --system --no-create-home postgres
    as_root chown postgres "$dir"
    echo "› Starting a throwaway PostgreSQL in $dir on port 55432…" >&2
    as_root runuser -u postgres -- "$bin/initdb" -D "$dir/data" -U postgres --auth=trust >/dev/null
    as_root runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -o "-p 55432 -k $dir -c listen_addresses=127.0.0.1" -l "$dir/log" -w start >&2
    as_root runuser -u postgres -- "$bin/createdb" -h 127.0.0.1 -p 55432 -U postgres test
    url="postgres://postgres@127.0.0.1:55432/test"
  fi
  echo "export TEST_DATABASE_URL=$url"
fi

if [ -z "${TEST_REDIS_URL:-}" ]; then
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && command -v redis-server >/dev/null; then
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" >&2 || true
    sleep 0.5
  fi
  if redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then echo "export TEST_REDIS_URL=redis://127.0.0.1:6379"; fi
fi
