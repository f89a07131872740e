// `npm run bench` (catalog part): search_listings (a typo query and a filtered query) and
// get_listing through the gateway with 10,000 and 100,000 listings, in all-in-one and cluster mode,
// beside bare Fastify answering the same body; read-model rebuild speed; typo recall.
// Each endpoint's bare baseline and the service are loaded in alternation, BENCH_ROUNDS times
// (default 3), and the medians compared. Alone: `node bench/catalog-search.ts`
// (BENCH_CATALOG_SIZES=10000,100000 BENCH_DURATION=5 BENCH_ROUNDS=3;
// BENCH_CATALOG_HTTP=off for data, rebuild, recall and gateway latency only).
// Typesense beside the embedded index (BENCH_TYPESENSE=auto|on|off, auto = when Typesense 0.24.1 is
// installed, scripts/stand-ins/typesense-nats.sh): the same recall and in-process latency, the time to index every
// listing into it, and search_listings latency through the gateway (all-in-one) with every query
// different, for both indexes (BENCH_CATALOG_LATENCY=off skips that).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogEvents } from '@listings/contracts/events';
import { startCluster } from '@listings/launcher/cluster';
import { loadConfig } from '@listings/platform/config';
import { openSqliteEventStore, withEventSchemas } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import { openSqliteReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex, openTypesenseSearchIndex, type SearchIndex } from '@listings/platform/search';
import { natsServerAvailable } from '@listings/platform/testing/nats-server';
import {
  type RunningTypesenseServer,
  startTypesenseServer,
  TYPESENSE_INSTALL_HINT,
  typesenseServerAvailable,
} from '@listings/platform/testing/typesense-server';
import type { CatalogContext } from '../services/catalog/src/application/operation-context.ts';
import { searchListings } from '../services/catalog/src/application/search_listings.ts';
import { LISTING_SEARCH_FIELDS } from '../services/catalog/src/main.ts';
import { type CatalogView, openCatalogReadModel } from '../services/catalog/src/projections/catalog/read-model.ts';
import { ROOTS, writeBenchCatalog } from './catalog-data.ts';
import { CONNECTIONS, durationSeconds, forkServer, type LoadFigures, measureAlternating } from './support.ts';

const DURATION_S = durationSeconds(5);
const SIZES = (process.env.BENCH_CATALOG_SIZES ?? '10000,100000').split(',').map(Number);
const BENCH_ENV = { DEMO_DATA: 'off', LOG_LEVEL: 'silent', RATE_LIMIT_ANONYMOUS: '999999999/1' };

interface Figures extends LoadFigures {
  size: number;
  endpoint: string;
  setup: string;
  bytes: number;
  /** the median req/s of the bare baseline measured in alternation with this row; null for a baseline */
  baseline: number | null;
}

/** BENCH_ROUNDS: alternating rounds of baseline and service per endpoint (medians reported), default 3 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const typo = (name: string) => {
  const lower = name.toLowerCase();
  const i = Math.max(1, Math.floor(lower.length / 2) - 1);
  return `${lower.slice(0, i)}${lower[i + 1]}${lower[i]}${lower.slice(i + 2)}`; // swap two middle letters
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

const TYPESENSE = process.env.BENCH_TYPESENSE ?? 'auto';
/** concurrent requests of the gateway latency runs (closed loop), default 4 */
const LATENCY_CONCURRENCY = Number(process.env.BENCH_LATENCY_CONCURRENCY ?? 4);

/** typo recall in the top 5 and in-process latency, over up to 300 misspelt names, every query different */
const recallOf = async (view: CatalogView, names: readonly string[], size: number) => {
  const context = { view } as CatalogContext;
  const handler = async (call: { query: Record<string, unknown> }) =>
    (await searchListings(call as Parameters<typeof searchListings>[0], context)) as { items: { name: string }[] };
  const latencies: number[] = [];
  let found = 0;
  const sample = names.filter((_, i) => i % Math.ceil(size / 300) === 0).slice(0, 300);
  for (const name of sample) {
    const t0 = performance.now();
    const r = await handler({ query: { q: typo(name), per_page: 5 } });
    latencies.push(performance.now() - t0);
    if (r.items.some((item) => item.name === name)) found++;
  }
  return `typo recall ${found}/${sample.length} in the top 5; in-process search p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`;
};

const SORT_NAMES = ['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed'];
const COUNTRIES = ['us', 'gb', 'de', 'fr', 'nl', 'se', 'in', 'br', 'ca', 'jp'];

/**
 * search_listings paths, every one different (the catalog answers a repeated query from its cache):
 * misspelt names, and the six sorts over category and country filters at several pages.
 */
const latencyPaths = (names: readonly string[], offset: number) => {
  const typos = names
    .filter((_, i) => i % Math.ceil(names.length / 400) === offset % 2)
    .slice(offset === 0 ? 0 : 200, offset === 0 ? 200 : 400)
    .map((name) => `/api/v1/listings?q=${encodeURIComponent(typo(name))}`);
  const filtered: string[] = [];
  for (const [i, sort] of SORT_NAMES.entries())
    for (let page = 1 + offset * 5; page <= 5 + offset * 5; page++) {
      const root = ROOTS[(i + page) % ROOTS.length] as string;
      filtered.push(`/api/v1/listings?category=${root}&sort=${sort}&page=${page}`);
      filtered.push(
        `/api/v1/listings?category=${root}-${1 + (page % 4)}&country=${COUNTRIES[(i + page) % COUNTRIES.length]}&sort=${sort}&page=${page}`,
      );
    }
  return { typos, filtered };
};

/** p50 / p99 / req/s of GETs through the gateway, LATENCY_CONCURRENCY at a time */
const gatewayLatency = async (port: number, paths: readonly string[]) => {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < paths.length) {
      const url = `http://127.0.0.1:${port}${paths[next++]}`;
      const t0 = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (response.status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: LATENCY_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  return `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${Math.round(paths.length / seconds)} req/s over ${paths.length} different queries${errors > 0 ? `, ${errors} errors` : ''}`;
};

/** an all-in-one process on the bench data: gateway latency of typo and filtered/sorted queries */
const measureGateway = async (label: string, dataDir: string, names: readonly string[], env: NodeJS.ProcessEnv) => {
  const started = performance.now();
  const server = forkServer('all-in-one-server.ts', { ...BENCH_ENV, PORT: '0', DATA_DIR: dataDir, ...env });
  try {
    const port = await server.ready;
    const ready = `ready in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    // warm-up on other queries than the measured ones
    const warm = latencyPaths(names, 1);
    await gatewayLatency(port, [...warm.typos, ...warm.filtered]);
    const { typos, filtered } = latencyPaths(names, 0);
    return [
      `${label} (${ready}): through the gateway, typo queries ${await gatewayLatency(port, typos)}`,
      `${label}: through the gateway, filtered queries in the six sorts ${await gatewayLatency(port, filtered)}`,
    ];
  } finally {
    await server.stop();
  }
};

export const runCatalogBench = async () => {
  const results: Figures[] = [];
  const notes: string[] = [];
  const withTypesense = TYPESENSE === 'on' || (TYPESENSE === 'auto' && typesenseServerAvailable());
  if (TYPESENSE === 'on' && !typesenseServerAvailable()) throw new Error(TYPESENSE_INSTALL_HINT);
  if (!withTypesense) notes.push(`Typesense not measured (BENCH_TYPESENSE=${TYPESENSE})`);
  for (const size of SIZES) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `listings-bench-catalog-${size}-`));
    try {
      let started = performance.now();
      const catalog = await writeBenchCatalog(dataDir, size);
      notes.push(
        `${size} listings: ${catalog.events} events written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );

      // read-model rebuild from the event store, from scratch (documents + search index)
      const dir = path.join(dataDir, 'catalog');
      const events = withEventSchemas(openSqliteEventStore({ path: path.join(dir, 'events.sqlite') }), catalogEvents);
      const store = openSqliteReadModelStore({ path: path.join(dir, 'read-models.sqlite') });
      const search = openEmbeddedSearchIndex({ path: path.join(dir, 'search.sqlite'), fields: LISTING_SEARCH_FIELDS });
      started = performance.now();
      const readModel = await openCatalogReadModel({ events, store, search, logger: silentLogger() });
      const seconds = (performance.now() - started) / 1000;
      const position = readModel.view.position;
      notes.push(
        `${size} listings: rebuilt ${position} events in ${seconds.toFixed(1)} s = ${Math.round(position / seconds)} events/s (documents to SQLite + search index)`,
      );

      // typo recall and in-process search latency over 300 misspelt names
      notes.push(`${size} listings, embedded index: ${await recallOf(readModel.view, catalog.names, size)}`);
      await readModel.close();
      await search.close();
      await store.close();
      await events.close();

      // Typesense: index every listing (the catalog's own catch-up when its index is behind), then the same
      let typesense: RunningTypesenseServer | undefined;
      try {
        if (withTypesense) {
          mkdirSync(path.join(dataDir, 'typesense'), { recursive: true });
          typesense = await startTypesenseServer({ dataDir: path.join(dataDir, 'typesense') });
          const events = openSqliteEventStore({ path: path.join(dir, 'events.sqlite') });
          const store = openSqliteReadModelStore({ path: path.join(dir, 'read-models.sqlite') });
          const index: SearchIndex = await openTypesenseSearchIndex({
            url: typesense.url,
            apiKey: typesense.apiKey,
            collection: 'catalog_listings',
            fields: LISTING_SEARCH_FIELDS,
          });
          started = performance.now();
          const readModel = await openCatalogReadModel({ events, store, search: index, logger: silentLogger() });
          const indexed = await index.size();
          notes.push(
            `${size} listings, Typesense 0.24.1: indexed ${indexed} listings in ${((performance.now() - started) / 1000).toFixed(1)} s; ${await recallOf(readModel.view, catalog.names, size)}`,
          );
          await readModel.close();
          await index.close();
          await store.close();
          await events.close();
        }
        if (process.env.BENCH_CATALOG_LATENCY !== 'off') {
          notes.push(...(await measureGateway(`${size} listings, embedded index`, dataDir, catalog.names, {})));
          if (typesense)
            notes.push(
              ...(await measureGateway(`${size} listings, Typesense`, dataDir, catalog.names, {
                TYPESENSE_URL: typesense.url,
                TYPESENSE_API_KEY: typesense.apiKey,
              })),
            );
        }
      } finally {
        await typesense?.stop();
      }

      if (process.env.BENCH_CATALOG_HTTP === 'off') continue;
      const probe = catalog.names[Math.floor(size / 2)] as string;
      const endpoints = [
        { name: 'search_listings, typo query', path: `/api/v1/listings?q=${encodeURIComponent(typo(probe))}` },
        {
          name: 'search_listings, filtered query',
          path: `/api/v1/listings?category=${ROOTS[1]}&country=us&sort=votes`,
        },
        { name: 'get_listing', path: `/api/v1/listings/${probe.toLowerCase()}` },
      ];
      const allInOne = forkServer('all-in-one-server.ts', {
        ...BENCH_ENV,
        PORT: '0',
        DATA_DIR: dataDir,
      });
      const port = await allInOne.ready;
      const bodies: string[] = [];
      for (const endpoint of endpoints)
        bodies.push(await (await fetch(`http://127.0.0.1:${port}${endpoint.path}`)).text());
      /** each endpoint's bare baseline and the service, alternating (see measureAlternating) */
      const compare = async (setup: string, servicePort: number) => {
        for (const [i, endpoint] of endpoints.entries()) {
          const body = bodies[i] ?? '';
          const bare = forkServer('catalog-bare-server.ts', { BENCH_BODY: body });
          const barePort = await bare.ready;
          try {
            const figures = await measureAlternating(
              {
                bare: `http://127.0.0.1:${barePort}${endpoint.path}`,
                service: `http://127.0.0.1:${servicePort}${endpoint.path}`,
              },
              { connections: CONNECTIONS, durationS: DURATION_S, rounds: ROUNDS },
            );
            const common = { size, endpoint: endpoint.name, bytes: body.length };
            results.push({ ...common, setup: `bare Fastify (beside ${setup})`, ...figures.bare, baseline: null });
            results.push({ ...common, setup, ...figures.service, baseline: figures.bare.rps });
          } finally {
            await bare.stop();
          }
        }
      };
      try {
        await compare('all-in-one', port);
      } finally {
        await allInOne.stop();
      }
      if (natsServerAvailable()) {
        const config = loadConfig({ ...BENCH_ENV, PORT: '0', DATA_DIR: dataDir });
        const cluster = await startCluster(config, silentLogger(), { ...process.env, ...BENCH_ENV });
        try {
          await compare('cluster (NATS)', cluster.port);
        } finally {
          await cluster.stop();
        }
      } else notes.push('cluster mode skipped: nats-server is not on the PATH');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  console.log(
    `\nCatalog, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s (medians), ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log('| listings | endpoint | setup | body bytes | req/s | p50 ms | p99 ms | errors | req/s vs bare |');
  console.log('|---:|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const ratio = r.baseline === null ? '100%' : `${Math.round((r.rps / r.baseline) * 100)}%`;
    console.log(
      `| ${r.size} | ${r.endpoint} | ${r.setup} | ${r.bytes} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${ratio} |`,
    );
  }
  for (const note of notes) console.log(`- ${note}`);
};

if (import.meta.main) await runCatalogBench();
