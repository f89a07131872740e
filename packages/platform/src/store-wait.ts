import { setTimeout as sleep } from 'node:timers/promises';
import type { BlobStore } from './blobs/blob-store.ts';
import type { CheckpointStore } from './checkpoints/checkpoint-store.ts';
import type { EventStore } from './event-store/event-store.ts';
import type { Logger } from './logger.ts';
import type { SubjectKeys } from './personal-data/key-vault.ts';
import { reportProgress } from './progress.ts';
import type { ReadModelStore } from './read-models/read-model-store.ts';

/** the first pause after a refusal; each next one twice as long, up to STORE_RETRY_MAX_MS */
export const STORE_RETRY_FIRST_MS = 200;
export const STORE_RETRY_MAX_MS = 10_000;

/**
 * Whether a store's refusal means "not ready yet, ask again" rather than a mistake that asking
 * again cannot mend (a refused API key, a bad query): nothing listening (ECONNREFUSED and its
 * kin), MongoDB's server selection or network errors, an HTTP 502/503/504 (Typesense's
 * `503 Not Ready or Lagging`), gRPC UNAVAILABLE (a Temporal frontend or a KurrentDB node still
 * starting), or KurrentDB's "not leader" during an election. Causes are followed.
 */
export const isStoreNotReady = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const e = current as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
      httpStatus?: unknown;
      status?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof e.code === 'string' && NOT_LISTENING.has(e.code)) return true;
    // gRPC UNAVAILABLE
    if (e.code === 14) return true;
    if (typeof e.name === 'string' && NOT_READY_NAMES.has(e.name)) return true;
    const status = typeof e.httpStatus === 'number' ? e.httpStatus : e.status;
    if (status === 502 || status === 503 || status === 504) return true;
    if (typeof e.message === 'string' && NOT_READY_MESSAGE.test(e.message)) return true;
    // an AggregateError (Node's happy-eyeballs connect) holds one error per address
    if (Array.isArray(e.errors) && e.errors.some(isStoreNotReady)) return true;
    current = e.cause;
  }
  return false;
};

const NOT_LISTENING = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const NOT_READY_NAMES = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'NotLeaderError',
  'UnavailableError',
  'DeadlineExceededError',
]);
/**
 * what the messages say where no code does (Temporal's Rust core: `tcp connect error`,
 * `ConnectionRefused`; grpc-js, when a frontend under load does not finish the handshake within
 * the client's connect timeout: `Failed to connect before the deadline`)
 */
const NOT_READY_MESSAGE =
  /not ready|lagging|ECONNREFUSED|ConnectionRefused|tcp connect error|connect ETIMEDOUT|socket hang up|\bUNAVAILABLE\b|not leader|leader election|failed to connect before the deadline/i;

/** what a process shows on /readyz while it waits for a store (ops.ts `waiting`) */
export interface StoreWaitReporter {
  waiting(store: string, reason: string | null): void;
}

/**
 * Runs `attempt` (opening or first reading a store) until the store answers: a refusal that means
 * "not ready yet" (`isStoreNotReady`) is logged, shown on /readyz through `readiness` (503 naming
 * the store), and tried again after a growing pause (STORE_RETRY_FIRST_MS doubling, at most
 * STORE_RETRY_MAX_MS), for as long as it takes: a store that starts late, or an election, never
 * crashes the service. Any other error rejects at once. `signal` stops the waiting (shutdown).
 */
export const untilStoreAnswers = async <T>(
  store: string,
  attempt: () => Promise<T>,
  options: {
    readonly logger: Pick<Logger, 'warn' | 'info'>;
    readonly readiness?: StoreWaitReporter | undefined;
    readonly signal?: AbortSignal;
  },
): Promise<T> => {
  for (let failures = 0; ; failures++) {
    try {
      const value = await attempt();
      if (failures > 0) {
        options.readiness?.waiting(store, null);
        options.logger.info({ store, attempts: failures + 1 }, `${store} answers`);
      }
      return value;
    } catch (error) {
      if (!isStoreNotReady(error) || options.signal?.aborted) throw error;
      const delayMs = Math.min(STORE_RETRY_MAX_MS, STORE_RETRY_FIRST_MS * 2 ** failures);
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200) ?? '';
      options.readiness?.waiting(store, reason || 'not ready');
      reportProgress(`waiting for ${store}`);
      options.logger.warn(
        { store, attempt: failures + 1, retry_in_ms: delayMs, reason },
        `${store} is not ready: trying again`,
      );
      await sleep(delayMs, undefined, options.signal ? { signal: options.signal } : undefined);
    }
  }
};

/** how a service's start waits: its logger, its /readyz (cluster mode) and, optionally, its shutdown */
export interface StoreWaitOptions {
  readonly logger: Pick<Logger, 'warn' | 'info'>;
  readonly readiness?: StoreWaitReporter | undefined;
  readonly signal?: AbortSignal;
}

/** `untilStoreAnswers` bound to one service's logger and /readyz: what each composition root awaits its stores with */
export const storeWaits =
  (options: StoreWaitOptions) =>
  <T>(store: string, attempt: () => Promise<T>): Promise<T> =>
    untilStoreAnswers(store, attempt, options);

/**
 * Waits, in turn, for each store a service opened to answer a harmless read (`untilStoreAnswers`),
 * named as /readyz names them: the event store (KurrentDB or the SQLite file), the read models,
 * the subscription checkpoints, the personal-data keys and the blobs (MongoDB/FerretDB with
 * MONGO_URL). A service calls it once it opened them, before it reads or serves anything.
 */
export const untilStoresAnswer = async (
  options: StoreWaitOptions,
  stores: {
    readonly events?: Pick<EventStore, 'readAll'>;
    readonly readModels?: Pick<ReadModelStore, 'position'>;
    readonly checkpoints?: Pick<CheckpointStore, 'load'>;
    readonly personalDataKeys?: Pick<SubjectKeys, 'existingKey'>;
    readonly blobs?: Pick<BlobStore, 'has'>;
  },
): Promise<void> => {
  const wait = storeWaits(options);
  const { events, readModels, checkpoints, personalDataKeys, blobs } = stores;
  if (events) await wait('event store', () => events.readAll(0, 1));
  if (readModels) await wait('read models', () => readModels.position());
  if (checkpoints) await wait('checkpoints', () => checkpoints.load(PROBE_NAME));
  if (personalDataKeys) await wait('personal-data keys', () => personalDataKeys.existingKey(PROBE_NAME));
  if (blobs) await wait('blobs', () => blobs.has(PROBE_BLOB));
};

/** what the harmless reads ask for: a name nothing is saved under, a blob nothing stored */
const PROBE_NAME = 'store-wait-probe';
const PROBE_BLOB = `sha256:${'0'.repeat(64)}`;
