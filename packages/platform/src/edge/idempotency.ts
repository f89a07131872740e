import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_BARE_PATTERN,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_RETENTION_MS,
} from '@listings/contracts';
import type { Clock } from '../clock.ts';
import { isRevisionConflict, openNatsKvBucket } from './nats-kv.ts';

/**
 * Idempotency-Key semantics (IETF draft-ietf-httpapi-idempotency-key-header), shared by both edges:
 * - same key, same request: the first response (status and body) is replayed, nothing runs again;
 * - same key, different request: 422;
 * - same key while the first is still running: 409;
 * - keys are scoped to the principal and remembered for 24 hours (then free again);
 * - a response of 500 or more is not remembered: the key is released so the retry runs.
 */

export type ParsedIdempotencyKey = { ok: true; key: string | null } | { ok: false; message: string };

/** Accepts a bare token (`abc-123`) or a structured-field string (`"abc 123"`); absent is null. */
export const parseIdempotencyKey = (header: string | readonly string[] | undefined): ParsedIdempotencyKey => {
  if (header === undefined) return { ok: true, key: null };
  if (typeof header !== 'string') return { ok: false, message: 'send one Idempotency-Key header, not several' };
  const raw = header.trim();
  let key: string;
  if (raw.startsWith('"')) {
    const match = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/.exec(raw);
    if (!match) return { ok: false, message: 'a quoted Idempotency-Key must be a structured-field string' };
    key = (match[1] as string).replace(/\\(["\\])/g, '$1');
  } else {
    if (raw !== '' && !IDEMPOTENCY_KEY_BARE_PATTERN.test(raw))
      return {
        ok: false,
        message: 'Idempotency-Key may hold printable ASCII only (quote it to use spaces, commas or semicolons)',
      };
    key = raw;
  }
  if (key.length === 0) return { ok: false, message: 'Idempotency-Key must not be empty' };
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH)
    return { ok: false, message: `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters` };
  return { ok: true, key };
};

/** What was answered the first time, replayed byte for byte (as JSON) on a retry. */
export interface StoredResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: unknown;
}

export type IdempotencyRecord =
  | { readonly state: 'in_flight'; readonly fingerprint: string; readonly expiresAtMs: number }
  | {
      readonly state: 'completed';
      readonly fingerprint: string;
      readonly expiresAtMs: number;
      readonly response: StoredResponse;
    };

/** The store port: one record per (principal, key), claimed atomically. */
export interface IdempotencyStore {
  /**
   * Claims `id` with an in-flight record when it is free (absent, or its record expired at `nowMs`);
   * otherwise returns the record that holds it.
   */
  claim(
    id: string,
    record: IdempotencyRecord & { state: 'in_flight' },
    nowMs: number,
  ): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyRecord }>;
  complete(id: string, record: IdempotencyRecord & { state: 'completed' }): Promise<void>;
  release(id: string): Promise<void>;
  close(): Promise<void>;
}

export type IdempotentOutcome =
  | { readonly kind: 'ran'; readonly response: StoredResponse }
  | { readonly kind: 'replayed'; readonly response: StoredResponse }
  /** the same key is still being processed: 409 */
  | { readonly kind: 'in_flight' }
  /** the same key came with a different request: 422 */
  | { readonly kind: 'mismatch' };

export interface IdempotencyOptions {
  readonly store: IdempotencyStore;
  readonly clock: Clock;
  /** default 24 hours */
  readonly retentionMs?: number;
  /** how long an unfinished first request holds its key (a crashed edge frees it then); default 2 minutes */
  readonly inFlightLeaseMs?: number;
}

/** A stable digest of what makes two requests "the same": operation, principal and checked input. */
export const requestFingerprint = (parts: unknown): string =>
  createHash('sha256').update(canonicalJson(parts)).digest('base64url');

const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
};

/** Runs `run` at most once per (scope, key) within the retention window. */
export const runIdempotent = async (
  options: IdempotencyOptions,
  request: { scope: string; key: string; fingerprint: string; run: () => Promise<StoredResponse> },
): Promise<IdempotentOutcome> => {
  const id = createHash('sha256').update(`${request.scope}\n${request.key}`).digest('hex');
  const now = options.clock.now().getTime();
  const claim = await options.store.claim(
    id,
    { state: 'in_flight', fingerprint: request.fingerprint, expiresAtMs: now + (options.inFlightLeaseMs ?? 120_000) },
    now,
  );
  if (!claim.claimed) {
    if (claim.existing.fingerprint !== request.fingerprint) return { kind: 'mismatch' };
    if (claim.existing.state === 'in_flight') return { kind: 'in_flight' };
    return { kind: 'replayed', response: claim.existing.response };
  }
  let response: StoredResponse;
  try {
    response = await request.run();
  } catch (error) {
    await options.store.release(id);
    throw error;
  }
  if (response.status >= 500) await options.store.release(id);
  else
    await options.store.complete(id, {
      state: 'completed',
      fingerprint: request.fingerprint,
      expiresAtMs: options.clock.now().getTime() + (options.retentionMs ?? IDEMPOTENCY_RETENTION_MS),
      response,
    });
  return { kind: 'ran', response };
};

/** In memory (all-in-one mode and tests); expired records are swept as they are met. */
export const createMemoryIdempotencyStore = (): IdempotencyStore => {
  const records = new Map<string, IdempotencyRecord>();
  return {
    claim: async (id, record, nowMs) => {
      const existing = records.get(id);
      if (existing && existing.expiresAtMs > nowMs) return { claimed: false, existing };
      records.set(id, record);
      if (records.size % 1024 === 0) for (const [k, v] of records) if (v.expiresAtMs <= nowMs) records.delete(k);
      return { claimed: true };
    },
    // kept as the NATS KV store keeps it: as JSON (a reply still encoded is stored as its value), so
    // a record replays the same to either edge whatever wrote it
    complete: async (id, record) => void records.set(id, JSON.parse(JSON.stringify(record)) as IdempotencyRecord),
    release: async (id) => void records.delete(id),
    close: async () => records.clear(),
  };
};

/**
 * In a NATS KV bucket shared by every edge replica. A claim is a KV `create` (or an `update` on the
 * expired record's revision), so two replicas never both run the same key.
 */
export const connectNatsIdempotencyStore = async (options: {
  servers: string;
  bucket?: string;
  /** bucket-level TTL: at least the retention (default 24 hours + 1 hour) */
  ttlMs?: number;
}): Promise<IdempotencyStore> => {
  const { kv, close } = await openNatsKvBucket({
    servers: options.servers,
    bucket: options.bucket ?? 'edge_idempotency',
    ttlMs: options.ttlMs ?? IDEMPOTENCY_RETENTION_MS + 60 * 60 * 1000,
  });
  const encode = (record: IdempotencyRecord) => new TextEncoder().encode(JSON.stringify(record));
  return {
    claim: async (id, record, nowMs) => {
      for (let attempt = 0; attempt < 10; attempt++) {
        const entry = await kv.get(id);
        try {
          if (entry?.operation !== 'PUT') {
            await kv.create(id, encode(record));
            return { claimed: true };
          }
          const existing = JSON.parse(new TextDecoder().decode(entry.value)) as IdempotencyRecord;
          if (existing.expiresAtMs > nowMs) return { claimed: false, existing };
          await kv.update(id, encode(record), entry.revision);
          return { claimed: true };
        } catch (error) {
          if (!isRevisionConflict(error)) throw error;
        }
      }
      throw new Error('idempotency store: too much contention on one key');
    },
    complete: async (id, record) => void (await kv.put(id, encode(record))),
    release: async (id) => void (await kv.delete(id)),
    close,
  };
};
