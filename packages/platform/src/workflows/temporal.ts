/**
 * The thin Temporal binding of the workflow context, for workflow code only (it runs inside
 * Temporal's deterministic sandbox): activities through `proxyActivities` with explicit timeouts
 * and retry policy, `sleep`, and signals through `condition` with a timeout.
 */
import {
  condition,
  continueAsNew,
  defineSignal,
  patched,
  proxyActivities,
  setHandler,
  sleep,
} from '@temporalio/workflow';
import type { Activities, RetryPolicy, WorkflowContext } from './context.ts';

export interface TemporalContextOptions {
  /** longest single activity attempt, e.g. 2 minutes for a crawl */
  readonly startToCloseTimeoutMs: number;
  /**
   * for activities that heartbeat (`withHeartbeat`, `./heartbeat.ts`): an attempt whose heartbeats
   * stop for this long (its worker died) is retried elsewhere without waiting for the start-to-close
   * timeout. Every activity of such a context must then finish or heartbeat within it.
   */
  readonly heartbeatTimeoutMs?: number;
  readonly retry: RetryPolicy;
}

export const temporalWorkflowContext = <A extends Activities>(options: TemporalContextOptions): WorkflowContext<A> => {
  const proxied = proxyActivities<A>({
    startToCloseTimeout: options.startToCloseTimeoutMs,
    ...(options.heartbeatTimeoutMs ? { heartbeatTimeout: options.heartbeatTimeoutMs } : {}),
    retry: {
      maximumAttempts: options.retry.maxAttempts,
      initialInterval: options.retry.initialIntervalMs,
      maximumInterval: options.retry.maxIntervalMs,
      nonRetryableErrorTypes: ['NonRetryableActivityError'],
    },
  });
  const received = new Map<string, unknown[]>();
  return {
    activity: ((name: string, input: unknown) =>
      (proxied as Record<string, (input: unknown) => Promise<unknown>>)[name]?.(
        input,
      )) as WorkflowContext<A>['activity'],
    sleep: (ms) => sleep(ms),
    continueAsNew: (input) => continueAsNew<(input: unknown) => Promise<void>>(input),
    patched: (patchId) => patched(patchId),
    waitForSignal: async <T>(name: string, timeoutMs: number): Promise<T | undefined> => {
      if (!received.has(name)) {
        received.set(name, []);
        setHandler(defineSignal<[unknown]>(name), (payload) => void received.get(name)?.push(payload));
      }
      const queue = received.get(name) as unknown[];
      const arrived = await condition(() => queue.length > 0, timeoutMs);
      return arrived ? (queue.shift() as T) : undefined;
    },
  };
};
