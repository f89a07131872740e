/**
 * The narrow context a workflow definition is written against: call an activity, sleep, wait for a
 * signal with a timeout, continue as new, and version a change with `patched`. Nothing else. The in-process runner binds it to direct calls and timers;
 * the Temporal binding (`./temporal.ts`) binds it to proxyActivities, sleep and condition. A
 * definition file imports only this module's types and its service's activity types, so it stays
 * deterministic and bundles for Temporal.
 */

// biome-ignore lint/suspicious/noExplicitAny: activity inputs and outputs are whatever each activity declares
export type ActivityFunction = (input: any) => Promise<any>;
export type Activities = { readonly [name: string]: ActivityFunction };

export interface WorkflowContext<A extends Activities> {
  /** runs an activity (retried on failure by the runner) and gives its result */
  activity<K extends keyof A & string>(name: K, input: Parameters<A[K]>[0]): ReturnType<A[K]>;
  sleep(ms: number): Promise<void>;
  /** the signal's payload, or undefined when `timeoutMs` passes first */
  waitForSignal<T = unknown>(name: string, timeoutMs: number): Promise<T | undefined>;
  /**
   * ends this run and starts the same workflow (same id) afresh with `input`: how a workflow that
   * loops for weeks keeps its history short on Temporal
   */
  continueAsNew(input: unknown): Promise<never>;
  /**
   * whether this run takes the new path of the change named `patchId`: true for a run that reaches
   * this point on code that has the change (always so in the in-process runner, which keeps no
   * history), false while Temporal replays a history recorded before it. Every change to a
   * definition that alters what it calls, sleeps or waits for goes behind one (docs/architecture.md,
   * "Changing a workflow").
   */
  patched(patchId: string): boolean;
}

/** A workflow: single object argument, orchestration only. */
export type WorkflowDefinition<Input, A extends Activities> = (ctx: WorkflowContext<A>, input: Input) => Promise<void>;

/** Starts workflows by business id; starting one that is already running changes nothing. */
export interface WorkflowRunner {
  start(workflowType: string, workflowId: string, input: unknown): Promise<void>;
  signal(workflowId: string, name: string, payload: unknown): Promise<void>;
  stop(): Promise<void>;
}

export interface RetryPolicy {
  /** attempts in all, the first included (default 5) */
  readonly maxAttempts: number;
  /** wait before the second attempt, doubling after (default 500 ms) */
  readonly initialIntervalMs: number;
  /** longest wait between attempts (default 10 s) */
  readonly maxIntervalMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, initialIntervalMs: 500, maxIntervalMs: 10_000 };

/** An activity throws this for a failure that retrying cannot fix; runners do not retry it. */
export class NonRetryableActivityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NonRetryableActivityError';
  }
}
