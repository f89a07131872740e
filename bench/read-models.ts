// `npm run bench` (read-models part): how long a service takes to be ready after a restart over a
// large event store, and how fast an explicit rebuild folds the log. The commerce service is the
// subject (its orders index was the slowest to start): BENCH_READ_MODEL_EVENTS events (default
// 1,000,000) of 250,000 orders are written straight into its SQLite event store, in a few large
// transactions, then `startCommerce` is timed twice (first start: nothing stored yet; restart:
// resume from the checkpoint), then `rebuildCommerceReadModels`.
// Alone: `node bench/read-models.ts` (BENCH_READ_MODEL_EVENTS=1000000).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createInProcessBus } from '@listings/platform/bus';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import * as commerce from '../services/commerce/src/main.ts';

export interface ReadModelFigures {
  events: number;
  orders: number;
  generateMs: number;
  firstStartMs: number;
  restartMs: number;
  rebuild: { ms: number; eventsPerSecond: number } | null;
}

const EVENTS_PER_ORDER = 4; // placed, paid, line fulfilled, fulfilled
const WEEK_MS = 7 * 86_400_000;

/** writes `orders` finished launch orders (4 events each) into the commerce event store file */
export const writeBenchOrders = async (dataDir: string, orders: number): Promise<void> => {
  const file = path.join(dataDir, 'commerce', 'events.sqlite');
  mkdirSync(path.dirname(file), { recursive: true });
  await openSqliteEventStore({ path: file }).close(); // creates the schema
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  // bench setup only: no fsync, and room for the indexes' pages
  db.exec('PRAGMA synchronous = OFF');
  db.exec('PRAGMA cache_size = -262144');
  const insert = db.prepare(
    'INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const start = Date.parse('2030-01-07T00:00:00.000Z');
  const totals = { subtotal_cents: 4900, vat_cents: 0, total_cents: 4900, vat_rate: 0, reverse_charge: false };
  const metadata = JSON.stringify({ by: 'bench' });
  db.exec('BEGIN');
  for (let i = 1; i <= orders; i++) {
    const at = new Date(start + i * 60_000).toISOString();
    const number = `B${String(i).padStart(7, '0')}`;
    const stream = `order-${number}`;
    const week = new Date(start + (1 + (i % 200)) * WEEK_MS).toISOString().slice(0, 10);
    const events: [string, unknown][] = [
      [
        'OrderPlaced',
        {
          number,
          account_id: `acct-${i % 5000}`,
          lines: [{ product: 'launch', kind: 'launch', listing_id: i, launch_week: week, unit_price_cents: 4900 }],
          totals: { ...totals, currency: 'USD' },
          billing_country: null,
          vat_number: null,
          at,
        },
      ],
      ['OrderPaid', { number, payment_reference: `bench-${i}`, at }],
      ['OrderLineFulfilled', { number, line: 0, at }],
      ['OrderFulfilled', { number, at }],
    ];
    for (const [revision, [type, data]] of events.entries())
      insert.run(randomUUID(), stream, revision, type, JSON.stringify(data), metadata, at);
    if (i % 50_000 === 0) db.exec('COMMIT; BEGIN');
  }
  db.exec('COMMIT');
  db.close();
};

const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
};

export const benchReadModels = async (events = Number(process.env.BENCH_READ_MODEL_EVENTS ?? 1_000_000)) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listings-bench-read-models-'));
  try {
    const orders = Math.floor(events / EVENTS_PER_ORDER);
    const [, generateMs] = await timed(() => writeBenchOrders(dataDir, orders));
    const config = { dataDir, publicUrl: 'http://localhost:3000' };
    const start = async () => {
      const bus = createInProcessBus();
      const [service, ms] = await timed(() => commerce.startCommerce({ bus, logger: silentLogger(), config }));
      await service.stop();
      await bus.close();
      return ms;
    };
    const firstStartMs = await start();
    const restartMs = await start();
    const rebuildCommand = (commerce as Record<string, unknown>).rebuildCommerceReadModels as
      | ((options: { dataDir: string; logger: unknown }) => Promise<{ events: number }>)
      | undefined;
    let rebuild: ReadModelFigures['rebuild'] = null;
    if (rebuildCommand) {
      const [result, ms] = await timed(() => rebuildCommand({ dataDir, logger: silentLogger() }));
      rebuild = { ms, eventsPerSecond: (result.events / ms) * 1000 };
    }
    return { events: orders * EVENTS_PER_ORDER, orders, generateMs, firstStartMs, restartMs, rebuild };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

export const printReadModelFigures = (f: ReadModelFigures) => {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\nRead models: commerce over ${f.events.toLocaleString('en')} events (${f.orders} orders)`);
  console.log('| measure | value |');
  console.log('|---|---:|');
  console.log(`| write the events (bench setup) | ${s(f.generateMs)} |`);
  console.log(`| first start (read models built from position 0) | ${s(f.firstStartMs)} |`);
  console.log(`| restart (ready to serve) | ${s(f.restartMs)} (target < 2 s${f.restartMs < 2000 ? '' : ': MISSED'}) |`);
  if (f.rebuild) {
    const rate = Math.round(f.rebuild.eventsPerSecond);
    console.log(
      `| read-models rebuild | ${s(f.rebuild.ms)}, ${rate.toLocaleString('en')} events/s (target >= 50,000${rate >= 50_000 ? '' : ': MISSED'}) |`,
    );
  }
};

if (import.meta.url === `file://${process.argv[1]}`) printReadModelFigures(await benchReadModels());
