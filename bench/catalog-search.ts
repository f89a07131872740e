// `npm run bench` (catalog part): search_listings (a typo query and a filtered query) and
// get_listing through the gateway with 10,000 and 100,000 listings, in all-in-one and cluster mode,
// beside bare Fastify answering the same body; read-model rebuild speed; typo recall.
// Each endpoint's bare baseline and the service are loaded in alternation, BENCH_ROUNDS times
// (default 3), and the medians compared. Alone: `node bench/catalog-search.ts`
// (BENCH_CATALOG_SIZES=10000,100000 BENCH_DURATION=5 BENCH_ROUNDS=3;
// BENCH_CATALOG_HTTP=off for data, rebuild and recall only).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogEvents } from '@listings/contracts/events';
import { startCluster } from '@listings/launcher/cluster';
import { loadConfig } from '@listings/platform/config';
import { openSqliteEventStore, withEventSchemas } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import { openSqliteReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex } from '@listings/platform/search';
import { natsServerAvailable } from '@listings/platform/testing/nats-server';
import { searchListings } from '../services/catalog/src/application/queries/listings.ts';
import { LISTING_SEARCH_FIELDS } from '../services/catalog/src/main.ts';
import { openCatalogReadModel } from '../services/catalog/src/projections/catalog/read-model.ts';
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

export const runCatalogBench = async () => {
  const results: Figures[] = [];
  const notes: string[] = [];
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
      const handler = searchListings(readModel.view);
      const latencies: number[] = [];
      let found = 0;
      const sample = catalog.names.filter((_, i) => i % Math.ceil(size / 300) === 0).slice(0, 300);
      for (const name of sample) {
        const t0 = performance.now();
        const r = await handler({ query: { q: typo(name), per_page: 5 } });
        latencies.push(performance.now() - t0);
        if (r.items.some((item) => item.name === name)) found++;
      }
      notes.push(
        `${size} listings: typo recall ${found}/${sample.length} in the top 5; in-process search p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
      );
      await readModel.close();
      await search.close();
      await store.close();
      await events.close();

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
