// How long the catalog's first start with the demo catalog takes on the production stores: the
// demo catalog (N listings) built in memory and appended to the event store in bulk, then the
// catalog's read model catching up into MongoDB (FerretDB 1.24 on SQLite, the stand-in), then the
// rest of the start (the week board, the categories' tops, ...: queries on FerretDB).
// `node bench/demo-load.ts` (BENCH_DEMO_LISTINGS=10000,100000; default 320,10000). The event store
// is the SQLite one (what stands in for KurrentDB where KURRENTDB_URL is unset), search the
// embedded index (Typesense is timed by the cluster measure in docs/benchmarks.md).
// BENCH_DEMO_CATALOG=bulk: the bench catalog instead (bench/catalog-data.ts: N listings, their
// categories and votes, as the deciders emit them, appended beforehand, untimed), and search on
// Typesense when its binary is here: the start then times the read model catching up from position 0
// into FerretDB (`insertMany` in batches) and the search index into Typesense, which is what a
// first start on a large log costs.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInProcessBus } from '@listings/platform/bus';
import { createLogger } from '@listings/platform/logger';
import { Secret } from '@listings/platform/mail';
import { ferretDbMissing, startFerretDb } from '@listings/platform/testing/ferretdb-server';
import { startTypesenseServer, typesenseServerAvailable } from '@listings/platform/testing/typesense-server';
import { startCatalog } from '../services/catalog/src/main.ts';
import { writeBenchCatalog } from './catalog-data.ts';

const SIZES = (process.env.BENCH_DEMO_LISTINGS ?? '320,10000').split(',').map(Number);
const BULK = process.env.BENCH_DEMO_CATALOG === 'bulk';

const main = async () => {
  const missing = ferretDbMissing();
  if (missing) {
    console.log(`FerretDB missing: ${missing}`);
    return;
  }
  const ferret = await startFerretDb();
  const typesense = BULK && typesenseServerAvailable() ? await startTypesenseServer() : undefined;
  console.log(
    `Catalog first start with the ${BULK ? 'bench' : 'demo'} catalog on FerretDB 1.24${typesense ? ' and Typesense' : ''}, ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log(
    '| listings | events | appends | built in memory + appended | read model caught up (into FerretDB) | whole start | load average |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---|');
  try {
    for (const listings of SIZES) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-demo-load-'));
      const writing = performance.now();
      const written = BULK ? await writeBenchCatalog(dir, listings) : undefined;
      const writtenS = (performance.now() - writing) / 1000;
      if (written) console.error(`${listings} listings: ${written.events} events appended in ${writtenS.toFixed(1)} s`);
      const phases: Record<string, { ms?: number; events?: number; appends?: number }> = {};
      const logger = createLogger({
        name: 'catalog',
        level: 'info',
        destination: {
          write: (line: string) => {
            const entry = JSON.parse(line) as { msg: string; ms?: number; events?: number; appends?: number };
            if (entry.msg === 'demo catalog loaded' || entry.msg === 'catalog read model caught up') {
              phases[entry.msg] = entry;
              // as it happens: the rest of a large start (its queries on FerretDB) can take long
              console.error(
                `${listings} listings: ${entry.msg} in ${((entry.ms ?? 0) / 1000).toFixed(1)} s (${new Date().toISOString()}, load average ${os.loadavg()[0]?.toFixed(1)})`,
              );
            }
          },
        },
      });
      const bus = createInProcessBus({});
      const started = performance.now();
      const catalog = await startCatalog({
        bus,
        config: {
          dataDir: dir,
          publicUrl: 'http://directory.test',
          demoData: !BULK,
          mongo: { url: new Secret(ferret.url), database: `${BULK ? 'bulk' : 'demo'}_${listings}` },
          ...(typesense ? { typesense: { url: typesense.url, apiKey: new Secret(typesense.apiKey) } } : {}),
        },
        logger,
        demo: { seed: 20261122, listings, people: 400, blogPosts: 12 },
        safeFetch: async () => {
          throw new Error('the bench fetches nothing');
        },
      });
      const wholeS = (performance.now() - started) / 1000;
      await catalog.stop();
      await bus.close();
      rmSync(dir, { recursive: true, force: true });
      const demo = phases['demo catalog loaded'];
      const caughtUp = phases['catalog read model caught up'];
      console.log(
        `| ${listings} | ${demo?.events ?? written?.events} | ${demo?.appends ?? '(before the start)'} | ${written ? `appended before the start, ${writtenS.toFixed(1)} s` : `${((demo?.ms ?? 0) / 1000).toFixed(1)} s`} | ${((caughtUp?.ms ?? 0) / 1000).toFixed(1)} s | ${wholeS.toFixed(1)} s | ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} |`,
      );
    }
  } finally {
    await typesense?.stop();
    await ferret.stop();
  }
};

await main();
