import { type Operation, readModelChanged } from '@listings/contracts';
import type { Bus, Consumer } from '../bus/bus.ts';
import type { Logger } from '../logger.ts';

/*
 * An edge's read cache: the answers of public reads asked without a credential, kept by the
 * request (the REST edge: its URL, services/gateway/src/routes/lean-reads.ts; the MCP edge: the
 * tool and its checked arguments, services/mcp-gateway/src/tools/call-operation.ts) until the
 * service's read model changes. A service
 * that sends `read_model_changed` notices (contracts' notices.ts: the catalog) tells every edge of
 * each change before it answers anything that read it, so an answer kept here is the one the
 * service would give now:
 * - a notice empties the service's shelf, and an answer asked for before it is not kept when it
 *   comes after it (it may have read the model before the change);
 * - a write this edge forwards to the service (any operation but a GET) empties it too when its
 *   reply comes: the caller's next read sees what it wrote even if the notice is still on its way;
 * - a notice can be missed (a connection to the broker that dropped, a replica that crashed before
 *   telling): so an answer is also kept at most `ttlMs` (EDGE_READ_CACHE_MS, default 1 s), the
 *   longest a missed change can stay unseen;
 * - only 200 answers are kept; requests for one URL that miss together share one call.
 * The rate limit, authentication, headers, the log line, metrics and the trace are the lean path's,
 * per request, as before: only the call to the service is saved.
 */

export interface ReadCacheOptions {
  readonly bus: Bus;
  /** how long an answer is kept at most (ms); 0 turns the cache off */
  readonly ttlMs: number;
  /** answers kept per service at most: the oldest goes first (default 10,000) */
  readonly maxEntries?: number;
  readonly logger: Pick<Logger, 'warn'>;
  readonly now?: () => number;
}

/** an answer the cache may keep: only a 200 is kept */
export interface Answer {
  readonly status: number;
}

/** a read any caller may make, which changes nothing: a GET without a scope or an Idempotency-Key */
export const isPublicRead = (op: Operation): boolean => op.method === 'GET' && op.scope === null && !op.idempotent;

export interface ReadCache<R extends Answer = Answer> {
  /** resolves once the edge hears the notices (from then on answers are kept) */
  readonly ready: Promise<void>;
  /** whether `op`'s answers may be kept: a public read of a service that sends notices, once this edge hears them */
  keeps(op: Operation): boolean;
  /** the answer to `key` (what names the request: its URL, its arguments) of `op`: the one kept, else `call`'s (kept when it is a 200) */
  answer(op: Operation, key: string, call: () => Promise<R>): R | Promise<R>;
  /** a call of `op` came back from its service: a write empties the service's shelf */
  called(op: Operation): void;
  stop(): Promise<void>;
}

interface Kept<R> {
  /** the call while it is out, then its answer */
  response: R | Promise<R>;
  /** Infinity while the call is out */
  expiresAt: number;
}

interface Shelf<R> {
  /** bumped by each change: an answer asked for under an older one is not kept */
  epoch: number;
  readonly kept: Map<string, Kept<R>>;
}

const noCache = <R extends Answer>(): ReadCache<R> => ({
  ready: Promise.resolve(),
  keeps: () => false,
  answer: (_op, _key, call) => call(),
  called: () => {},
  stop: async () => {},
});

export const createReadCache = <R extends Answer>(options: ReadCacheOptions): ReadCache<R> => {
  if (options.ttlMs <= 0) return noCache<R>();
  const { ttlMs } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const shelves = new Map<string, Shelf<R>>();
  const emptied = (shelf: Shelf<R>) => {
    shelf.epoch++;
    shelf.kept.clear();
  };
  // the shelves open once the edge hears the notices (before, every read is asked of its service)
  let watching: Consumer | undefined;
  let stopped = false;
  const started = options.bus
    .watch(readModelChanged.filter, (notice) => {
      const service = readModelChanged.serviceOf(notice.subject);
      const shelf = service === undefined ? undefined : shelves.get(service);
      if (shelf) emptied(shelf);
    })
    .then((consumer) => {
      if (stopped) return consumer.stop();
      watching = consumer;
      for (const service of readModelChanged.services) shelves.set(service, { epoch: 0, kept: new Map() });
    })
    .catch((error: unknown) => options.logger.warn({ err: error }, 'read cache off: the notices could not be watched'));

  return {
    ready: started,
    keeps: (op) => isPublicRead(op) && shelves.has(op.service),
    answer: (op, key, call) => {
      const shelf = shelves.get(op.service);
      if (!shelf) return call();
      const hit = shelf.kept.get(key);
      if (hit !== undefined) {
        if (hit.expiresAt > now()) return hit.response;
        shelf.kept.delete(key);
      }
      const epoch = shelf.epoch;
      const kept: Kept<R> = { response: call(), expiresAt: Number.POSITIVE_INFINITY };
      const forget = () => {
        if (shelf.kept.get(key) === kept) shelf.kept.delete(key);
      };
      (kept.response as Promise<R>).then((response) => {
        // an answer asked for before a change may have read the model without it
        if (response.status !== 200 || shelf.epoch !== epoch) return forget();
        kept.response = response;
        kept.expiresAt = now() + ttlMs;
      }, forget);
      if (shelf.kept.size >= maxEntries) shelf.kept.delete(shelf.kept.keys().next().value as string);
      shelf.kept.set(key, kept);
      return kept.response;
    },
    called: (op) => {
      if (op.method === 'GET') return;
      const shelf = shelves.get(op.service);
      if (shelf) emptied(shelf);
    },
    stop: async () => {
      stopped = true;
      await started;
      shelves.clear();
      await watching?.stop();
    },
  };
};
