#!/usr/bin/env bash
# Installs Schemathesis (the OpenAPI fuzzer that launcher/test/e2e/schemathesis.test.ts runs against
# a fresh all-in-one) from PyPI into a venv under the project's ignored cache dir, cached by version.
# Without it that suite prints why it skips.
set -euo pipefail
cd "$(dirname "$0")/../.."

SCHEMATHESIS_VERSION=4.32.5
mkdir -p .cache/stand-ins
venv="$(cd .cache/stand-ins && pwd -P)/schemathesis-$SCHEMATHESIS_VERSION"
stamp="$venv/.installed"

if [ ! -f "$stamp" ]; then
  python="$(command -v python3 || command -v python || true)"
  if [ -z "$python" ]; then
    echo "schemathesis: python3 is missing, so the Schemathesis suite will skip" >&2
    exit 0
  fi
  echo "Installing Schemathesis $SCHEMATHESIS_VERSION into $venv"
  rm -rf "$venv"
  if ! "$python" -m venv "$venv"; then
    # Debian's python3 has venv in a package of its own
    rm -rf "$venv"
    apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
    "$python" -m venv "$venv"
  fi
  "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
  touch "$stamp"
fi
echo "schemathesis: $("$venv/bin/schemathesis" --version) at $venv/bin/schemathesis"
