/** Helpers shared by the bus adapters. */

/**
 * NATS subject matching: tokens are separated by `.`, `*` matches exactly one token and `>`
 * (last token only) matches one or more remaining tokens.
 */
export function subjectMatches(pattern: string, subject: string): boolean {
  const wanted = pattern.split('.');
  const actual = subject.split('.');
  for (let i = 0; i < wanted.length; i++) {
    const token = wanted[i];
    if (token === '>') return i === wanted.length - 1 && actual.length > i;
    if (i >= actual.length) return false;
    if (token !== '*' && token !== actual[i]) return false;
  }
  return wanted.length === actual.length;
}

/** delay before redelivering an event whose handler rejected: 100 ms, doubling, at most 5 s */
export function redeliveryDelayMs(failedAttempts: number): number {
  return Math.min(5_000, 100 * 2 ** Math.max(0, failedAttempts - 1));
}

/** durable names follow the NATS rules in every adapter, so a name that works in tests works on NATS */
export function assertDurableName(durable: string): void {
  if (durable === '' || /[.*>\s/\\]/.test(durable)) {
    throw new Error(`invalid durable consumer name ${JSON.stringify(durable)}: no '.', '*', '>', '/', '\\' or spaces`);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface Deadlines<K> {
  /** calls `expire` about `ms` from now (up to the sweep interval later), unless deleted first */
  add(key: K, ms: number, expire: () => void): void;
  delete(key: K): void;
}

/**
 * Request timeouts without a timer per request: one interval sweeps the pending deadlines while
 * any is pending (a timeout fires up to `sweepMs` late). Under load this replaces a timer insert
 * and removal per request with a map entry.
 */
export function createDeadlines<K>(sweepMs = 20): Deadlines<K> {
  const pending = new Map<K, { readonly at: number; readonly expire: () => void }>();
  let sweeper: ReturnType<typeof setInterval> | undefined;
  const sweep = (): void => {
    const now = performance.now();
    for (const [key, entry] of pending) {
      if (entry.at > now) continue;
      pending.delete(key);
      entry.expire();
    }
    if (pending.size === 0 && sweeper !== undefined) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  return {
    add(key, ms, expire) {
      pending.set(key, { at: performance.now() + ms, expire });
      sweeper ??= setInterval(sweep, Math.min(sweepMs, Math.max(1, ms)));
    },
    delete: (key) => void pending.delete(key),
  };
}
