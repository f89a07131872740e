import { connect, ErrorCode, type KV, type NatsConnection, NatsError } from 'nats';
import { trackConnection } from '../bus/nats-status.ts';
import { ServiceUnavailableError } from '../errors.ts';

/** A NATS KV bucket on its own connection, for the edge's shared state (rate limits, idempotency). */
export interface NatsKvBucket {
  readonly kv: KV;
  close(): Promise<void>;
}

/**
 * Opens (creating when missing) a KV bucket. `ttlMs` is bucket-level: every entry goes after that
 * long without a write (nats-server 2.9 ignores per-key TTLs, so the adapters also check expiry).
 */
export const openNatsKvBucket = async (options: {
  servers: string;
  bucket: string;
  ttlMs: number;
  connection?: NatsConnection;
}): Promise<NatsKvBucket> => {
  // keeps reconnecting for as long as it takes (the default gives up after 10 attempts)
  const nc =
    options.connection ??
    (await connect({ servers: options.servers, name: `edge-${options.bucket}`, maxReconnectAttempts: -1 }));
  const kv = await nc
    .jetstream({ timeout: KV_TIMEOUT_MS })
    .views.kv(options.bucket, { ttl: options.ttlMs, history: 1 });
  return {
    kv: failingFast(kv, trackConnection(nc), options.bucket),
    close: async () => {
      if (!options.connection) await nc.drain();
    },
  };
};

/** how long one KV operation may take before the edge answers 503 (the client's default is 5 s) */
const KV_TIMEOUT_MS = 2_000;

/**
 * The bucket's operations, refused at once with ServiceUnavailableError (503) while the connection
 * is down, and a timeout or a lost connection during one reported the same way: the edge's state
 * being unreachable is an outage to retry, never a 500 and never a wait for the client's timeout.
 */
const failingFast = (kv: KV, connection: { readonly up: boolean }, bucket: string): KV => {
  const unavailable = () => new ServiceUnavailableError(`the edge's ${bucket} store (NATS) is unreachable`);
  const guarded = new Set(['get', 'create', 'update', 'put', 'delete']);
  return new Proxy(kv, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !guarded.has(property) || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (!connection.up) throw unavailable();
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          if (error instanceof NatsError && OUTAGE_CODES.has(error.code)) throw unavailable();
          throw error;
        }
      };
    },
  });
};
const OUTAGE_CODES = new Set<string>([
  ErrorCode.Timeout,
  ErrorCode.Disconnect,
  ErrorCode.ConnectionClosed,
  ErrorCode.ConnectionDraining,
  ErrorCode.NoResponders,
  ErrorCode.JetStreamNotEnabled,
]);

/** true when a KV create/update lost a race (the expected revision no longer holds) */
export const isRevisionConflict = (error: unknown): boolean => {
  const e = error as { code?: string; api_error?: { err_code?: number }; message?: string };
  return (
    e?.api_error?.err_code === 10071 ||
    e?.code === '400' ||
    /wrong last sequence|key exists/i.test(String(e?.message ?? ''))
  );
};
