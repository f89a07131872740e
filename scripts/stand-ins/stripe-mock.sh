#!/usr/bin/env bash
# Stand-in for the Stripe API in tests: stripe-mock (Stripe's own mock server, answers from the
# OpenAPI spec), built with `go install` into the project's ignored cache dir. Does nothing when the
# cached binary exists.
#   scripts/stand-ins/stripe-mock.sh     -> .cache/stand-ins/stripe-mock-v0.203.0/stripe-mock
# Needs Go (go on PATH, or /usr/local/go/bin/go). Without Go it says so and exits 0: the Stripe
# adapter suite then skips with that reason.
set -euo pipefail
cd "$(dirname "$0")/../.."

version="v0.203.0"
dest=".cache/stand-ins/stripe-mock-${version}"
bin="$dest/stripe-mock"
if [ -x "$bin" ]; then
  echo "stripe-mock ${version}: cached at $bin"
  exit 0
fi

go_bin="$(command -v go || true)"
[ -z "$go_bin" ] && [ -x /usr/local/go/bin/go ] && go_bin=/usr/local/go/bin/go
if [ -z "$go_bin" ]; then
  echo "stripe-mock ${version}: Go is not installed, not building it (the Stripe adapter suite will skip)"
  exit 0
fi

echo "stripe-mock ${version}: building into $bin"
mkdir -p "$dest"
GOBIN="$(cd "$dest" && pwd)" CGO_ENABLED=0 "$go_bin" install "github.com/stripe/stripe-mock@${version}"
echo "stripe-mock ${version}: built $bin"
