import { connect, type KV, type NatsConnection } from 'nats';

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
  const nc = options.connection ?? (await connect({ servers: options.servers, name: `edge-${options.bucket}` }));
  const kv = await nc.jetstream().views.kv(options.bucket, { ttl: options.ttlMs, history: 1 });
  return {
    kv,
    close: async () => {
      if (!options.connection) await nc.drain();
    },
  };
};

/** true when a KV create/update lost a race (the expected revision no longer holds) */
export const isRevisionConflict = (error: unknown): boolean => {
  const e = error as { code?: string; api_error?: { err_code?: number }; message?: string };
  return (
    e?.api_error?.err_code === 10071 ||
    e?.code === '400' ||
    /wrong last sequence|key exists/i.test(String(e?.message ?? ''))
  );
};
