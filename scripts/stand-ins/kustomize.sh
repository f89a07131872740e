#!/usr/bin/env bash
# kustomize for CI's offline check of infra/k8s (launcher/test/deployment-k8s.test.ts builds every
# overlay with it), built with `go install` into the project's ignored cache dir. Does nothing when
# the cached binary exists.
#   scripts/stand-ins/kustomize.sh     -> .cache/stand-ins/kustomize-5.7.1/kustomize
# Needs Go (go on PATH, or /usr/local/go/bin/go). Without Go it says so and exits 0: the manifest
# suite then skips with that reason.
set -euo pipefail
cd "$(dirname "$0")/../.."

version="5.7.1"
dest=".cache/stand-ins/kustomize-${version}"
bin="$dest/kustomize"
if [ -x "$bin" ]; then
  echo "kustomize ${version}: cached at $bin"
  exit 0
fi

go_bin="$(command -v go || true)"
[ -z "$go_bin" ] && [ -x /usr/local/go/bin/go ] && go_bin=/usr/local/go/bin/go
if [ -z "$go_bin" ]; then
  echo "kustomize ${version}: Go is not installed, not building it (the Kubernetes manifest suite will skip)"
  exit 0
fi

echo "kustomize ${version}: building into $bin"
mkdir -p "$dest"
GOBIN="$(cd "$dest" && pwd)" CGO_ENABLED=0 "$go_bin" install "sigs.k8s.io/kustomize/kustomize/v5@v${version}"
echo "kustomize ${version}: built $bin"
