/**
 * When a failed delivery is tried again: the waits double from `firstMs` and stop once they add up
 * to `forMs` (the last one cut to fit), so the final attempt falls `forMs` after the first. With
 * the defaults (5 s, a day) that is 15 retries; after the last failure the endpoint is disabled.
 */
export interface WebhookRetry {
  readonly firstMs: number;
  readonly forMs: number;
}

export const DEFAULT_WEBHOOK_RETRY: WebhookRetry = { firstMs: 5_000, forMs: 24 * 3_600_000 };

export const retrySchedule = ({ firstMs, forMs }: WebhookRetry): number[] => {
  const waits: number[] = [];
  for (let total = 0, next = firstMs; total < forMs; next *= 2) {
    const wait = Math.min(next, forMs - total);
    waits.push(wait);
    total += wait;
  }
  return waits;
};
