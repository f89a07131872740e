#!/usr/bin/env bash
# Installs Schemathesis (the OpenAPI fuzzer that launcher/test/e2e/schemathesis.test.ts runs against
# a fresh all-in-one) from PyPI into a venv under the project's ignored cache dir, cached by version.
# Without it that suite prints why it skips.
set -euo pipefail
SCHEMATHESIS_VERSION=4.32.5
exec bash "$(dirname "$0")/pip-venv.sh" schemathesis "$SCHEMATHESIS_VERSION" "schemathesis==$SCHEMATHESIS_VERSION"
