import { createHash, randomUUID } from 'node:crypto';

/** A stable uuid from a string: the same Idempotency-Key from the same account names the same thing. */
const uuidFrom = (seed: string): string => {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((Number.parseInt(h[16] ?? '0', 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * The id of what a request creates: derived from the Idempotency-Key (and `scope`: the operation,
 * the account, the draft) when the caller sent one, so a retry names the same thing; else random.
 */
export const idFor = (idempotencyKey: string | undefined, scope: readonly string[]): string =>
  idempotencyKey ? uuidFrom([...scope, idempotencyKey].join('\n')) : randomUUID();

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
