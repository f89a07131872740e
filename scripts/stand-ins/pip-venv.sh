#!/usr/bin/env bash
# Installs one PyPI package into its own venv under the project's ignored cache dir, cached by
# version: `scripts/stand-ins/pip-venv.sh <name> <version> <requirement>` makes
# .cache/stand-ins/<name>-<version>/ (kept while the version stays). Test tools only (Schemathesis,
# the Python MCP SDK): the suites that use them print why they skip when the venv is absent.
set -euo pipefail
cd "$(dirname "$0")/../.."

name="$1"
version="$2"
requirement="$3"
mkdir -p .cache/stand-ins
venv="$(cd .cache/stand-ins && pwd -P)/$name-$version"
stamp="$venv/.installed"

if [ ! -f "$stamp" ]; then
  python="$(command -v python3 || command -v python || true)"
  if [ -z "$python" ]; then
    echo "$name: python3 is missing, so the suites that need it will skip" >&2
    exit 0
  fi
  echo "Installing $requirement into $venv"
  rm -rf "$venv"
  if ! "$python" -m venv "$venv"; then
    # Debian's python3 has venv in a package of its own
    rm -rf "$venv"
    apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
    "$python" -m venv "$venv"
  fi
  "$venv/bin/pip" install -q --disable-pip-version-check "$requirement"
  touch "$stamp"
fi
echo "$name $version at $venv"
