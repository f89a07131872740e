#!/usr/bin/env bash
# CI's container run (called by .ci/run): a Docker engine, compose, the images, then
# `npm run test:containers` (the image, compose up, and every testcontainers suite on this engine).
# Everything is cached per machine, outside the clone: Debian's docker.io stays installed, dockerd
# keeps running, compose is built once into $CONTAINERS_CACHE, the engine keeps its images.
#   warm machine (measured): 2 min 40 s in all: the project's image rebuilt from its cached layers
#     (~20 s) and the suites (image ~45 s, compose ~80 s, the testcontainers suites ~10 s)
#   cold machine: + docker.io from apt (~1 min), compose built from the Go module proxy (several
#     minutes once; not timed alone here), debootstrap, Node and the stand-in images (~5 min), the
#     project's image from scratch (~1-3 min): under 15 minutes
set -euo pipefail
cd "$(dirname "$0")/../.."

CONTAINERS_CACHE="${CONTAINERS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/listings-directory/containers}"
COMPOSE_VERSION="v2.29.7"
mkdir -p "$CONTAINERS_CACHE"
export PATH="$PATH:/usr/sbin:/usr/local/go/bin"

# --- the engine: Debian's docker.io (20.10; dockerd in /usr/sbin), its own CLI in /usr/bin
if ! command -v dockerd >/dev/null 2>&1; then
  echo "containers: installing docker.io and debootstrap (Debian packages)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io debootstrap >/dev/null
fi
command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null; }
export DOCKER=/usr/bin/docker
if ! "$DOCKER" info >/dev/null 2>&1; then
  echo "containers: starting dockerd (log: $CONTAINERS_CACHE/dockerd.log)"
  # its own session: it outlives this run (the engine and its images are per machine)
  setsid nohup dockerd >"$CONTAINERS_CACHE/dockerd.log" 2>&1 &
  for _ in $(seq 1 60); do "$DOCKER" info >/dev/null 2>&1 && break; sleep 0.5; done
  "$DOCKER" info >/dev/null 2>&1 || { echo "containers: dockerd did not start" >&2; tail -20 "$CONTAINERS_CACHE/dockerd.log" >&2; exit 1; }
fi
"$DOCKER" version --format 'containers: engine {{.Server.Version}}, CLI {{.Client.Version}}'

# --- compose v2 as the CLI plugin docker-compose (built once from the Go module proxy)
compose_bin="$CONTAINERS_CACHE/compose-$COMPOSE_VERSION/docker-compose"
if [ ! -x "$compose_bin" ]; then
  echo "containers: building docker compose $COMPOSE_VERSION (go install, a few minutes once)"
  tmp_bin="$(mktemp -d)"
  GOBIN="$tmp_bin" go install "github.com/docker/compose/v2/cmd@$COMPOSE_VERSION"
  mkdir -p "$(dirname "$compose_bin")" && mv "$tmp_bin/cmd" "$compose_bin" && rm -rf "$tmp_bin"
fi
mkdir -p "$HOME/.docker/cli-plugins"
ln -sf "$compose_bin" "$HOME/.docker/cli-plugins/docker-compose"
"$DOCKER" compose version

# --- the images (each cached by tag in the engine's store; the project's image rebuilt from its layers)
start=$(date +%s)
scripts/containers/images.sh --print-env >/dev/null
set -a
# shellcheck disable=SC1091
. "$CONTAINERS_CACHE/images.env"
set +a
echo "containers: images ready in $(($(date +%s) - start)) s:"
"$DOCKER" image ls --format '  {{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'listings|local/' || true

# --- every container suite on this engine; only KurrentDB skips (no image of it here)
npm run test:containers
