import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { loadConfig } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';
import { ReadModelStoreInUseError } from '@listings/platform/read-models';
import { exportEvents, LOGGED_SERVICES, type LoggedService, tailEvents } from '../event-log.ts';
import { count, parse, UsageError } from './arguments.ts';

const servicesOf = (name: string | undefined): readonly LoggedService[] => {
  if (name === undefined) return LOGGED_SERVICES;
  if (!(LOGGED_SERVICES as readonly string[]).includes(name))
    throw new UsageError(`unknown service "${name}" (services with an event log: ${LOGGED_SERVICES.join(', ')})`);
  return [name as LoggedService];
};

/** `events export` and `events tail`: the services' event logs as JSON Lines, for analytics */
export const events = async (command: string | undefined, rest: string[]): Promise<number> => {
  // the event stores' folder (EVENTS_DIR, default DATA_DIR)
  const { eventsDir: dataDir } = loadConfig();
  // a reader that stops early (`| head`) ends the command quietly
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  if (command === 'export') {
    const values = parse(rest, { service: { type: 'string' }, from: { type: 'string' }, out: { type: 'string' } });
    const services = servicesOf(values.service);
    if (values.from !== undefined && values.service === undefined)
      throw new UsageError("--from needs --service: a position belongs to one service's log");
    const after = values.from === undefined ? 0 : count(values.from, '--from');
    const out: Writable = values.out ? createWriteStream(values.out) : process.stdout;
    const counts = await exportEvents({ dataDir, services, after, out });
    if (values.out) {
      out.end();
      await once(out, 'finish');
    }
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.error(
      `${total} events${values.out ? ` written to ${values.out}` : ''} (${Object.entries(counts)
        .map(([service, n]) => `${service} ${n}`)
        .join(', ')})`,
    );
    return 0;
  }
  if (command === 'tail') {
    const values = parse(rest, { service: { type: 'string' } });
    const tail = tailEvents({ dataDir, services: servicesOf(values.service), out: process.stdout });
    const followed = await tail.ready;
    console.error(`following ${followed.join(', ') || 'no event log yet'} (Ctrl-C stops)`);
    const interrupted = new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    await Promise.race([interrupted, tail.failure]);
    await tail.stop();
    return 0;
  }
  throw new UsageError(`unknown command: events ${[command, ...rest].join(' ')}`);
};

/**
 * `read-models rebuild`: each service's own rebuild command (its composition root's
 * `rebuild<Service>ReadModels`), which refuses while that service has its read models open.
 */
export const readModels = async (command: string | undefined, rest: string[]): Promise<number> => {
  if (command !== 'rebuild') throw new UsageError(`unknown command: read-models ${[command, ...rest].join(' ')}`);
  const values = parse(rest, { service: { type: 'string' } });
  // the stores the services run on: MONGO_URL, TYPESENSE_URL, KURRENTDB_URL, else DATA_DIR's files
  const config = loadConfig();
  const { dataDir } = config;
  const rebuilds: Record<LoggedService, () => Promise<{ position: number; documents: number }>> = {
    // each service's own code, loaded only for this command (the services are big)
    catalog: async () =>
      (await import('@listings/catalog')).rebuildCatalogReadModels({ dataDir, config, logger: silentLogger() }),
    claims: async () => (await import('@listings/claims')).rebuildClaimsReadModels({ dataDir, config }),
    commerce: async () => (await import('@listings/commerce')).rebuildCommerceReadModels({ dataDir, config }),
    drafting: async () => (await import('@listings/drafting')).rebuildDraftingReadModels({ dataDir, config }),
  };
  let code = 0;
  for (const service of servicesOf(values.service)) {
    const started = performance.now();
    try {
      const { position, documents } = await rebuilds[service]();
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      console.log(`${service}: rebuilt to position ${position} (${documents} documents) in ${seconds} s`);
    } catch (error) {
      if (!(error instanceof ReadModelStoreInUseError)) throw error;
      console.error(`${service}: not rebuilt: ${error.message}`);
      code = 1;
    }
  }
  return code;
};
