# syntax=docker/dockerfile:1
# One image for every process of the product; the command picks which one runs (docker-compose.yml,
# infra/k8s): `node <flags> services/<name>/src/server.ts`, or the all-in-one launcher by default.
# Node 24 runs the TypeScript sources as they are (type stripping): there is no compile step.
ARG NODE_IMAGE=node:24-bookworm-slim

# --- dependencies: the production dependencies from the lockfile alone (cached while it holds)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN npm install -g pnpm@10.34.8
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch --prod

# --- build: the workspace linked offline from what `deps` fetched, without dev dependencies
FROM deps AS build
COPY . .
# then trimmed of what never runs here (482 MB of dependencies to about 230 MB): type declarations and
# source maps (Node strips types, it never reads them), the Temporal core bridge's prebuilt binaries
# for other platforms and its Rust sources, and KurrentDB's musl bridge (this is a glibc image)
RUN pnpm install --offline --frozen-lockfile --prod \
 && rm -rf .cache data bench docs infra \
 && find node_modules/.pnpm -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' \) -delete \
 && target="$(node -p "({ x64: 'x86_64', arm64: 'aarch64' })[process.arch] + '-unknown-linux-gnu'")" \
 && for bridge in node_modules/.pnpm/@temporalio+core-bridge@*/node_modules/@temporalio/core-bridge; do \
      find "$bridge/releases" -mindepth 1 -maxdepth 1 ! -name "$target" -exec rm -rf {} + && rm -rf "$bridge/sdk-core"; \
    done \
 && rm -rf node_modules/.pnpm/@kurrent+bridge-linux-*-musl@*

# --- runtime: no pnpm, no build tools; runs as the image's unprivileged `node` user (uid 1000)
FROM ${NODE_IMAGE} AS runtime
# procps: drafting's crawler (crawlee) reads its memory use with `ps`; without it every crawl fails
# ("spawn ps ENOENT"), and neither the slim official image nor a minbase has it.
# fonts-dejavu-core: the letters of the demo catalog's generated logos (drawn by sharp's librsvg)
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends procps fonts-dejavu-core >/dev/null \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/cache/apt/archives/*.deb /var/log/apt /var/log/dpkg.log
ENV NODE_ENV=production DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 3001 3002 9464
# liveness of whichever process this container runs: /healthz on PORT, MCP_PORT, WEB_PORT or OPS_PORT
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "launcher/src/healthcheck.ts"]
CMD ["node", "--min-semi-space-size=32", "--max-semi-space-size=64", "launcher/src/all-in-one.ts"]
