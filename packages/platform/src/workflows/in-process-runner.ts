import { systemTimers, type Timers } from '../clock.ts';
import type { Logger } from '../logger.ts';
import {
  type Activities,
  DEFAULT_RETRY,
  NonRetryableActivityError,
  type RetryPolicy,
  type WorkflowContext,
  type WorkflowDefinition,
  type WorkflowRunner,
} from './context.ts';

export class WorkflowRunnerStopped extends Error {
  constructor() {
    super('the workflow runner is stopping');
    this.name = 'WorkflowRunnerStopped';
  }
}

/** what continueAsNew throws to end a run: the runner starts the definition again with `input` */
class ContinueAsNew {
  readonly input: unknown;
  constructor(input: unknown) {
    this.input = input;
  }
}

export interface InProcessRunnerOptions<A extends Activities> {
  // biome-ignore lint/suspicious/noExplicitAny: each definition declares its own input
  readonly workflows: Readonly<Record<string, WorkflowDefinition<any, A>>>;
  readonly activities: A;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  readonly retry?: Partial<RetryPolicy>;
  /** where sleeps, signal timeouts and retry waits are scheduled; default the system's (tests inject a manual clock's) */
  readonly timers?: Timers;
}

export interface InProcessRunner extends WorkflowRunner {
  /** resolves when the workflow with this id is no longer running (at once when it is not) */
  settled(workflowId: string): Promise<void>;
  /** ids of the workflows running now */
  running(): string[];
}

interface Run {
  readonly done: Promise<void>;
  readonly signals: Map<string, unknown[]>;
  readonly waiters: Map<string, (payload: unknown) => void>;
}

/**
 * Runs workflow definitions in this process: activities are direct calls retried with backoff,
 * sleeps are timers. Nothing of a run is persisted here; after a restart the service resumes
 * unfinished work from its aggregates' state by starting the same workflow ids again, and the
 * idempotent activities skip what is already done.
 */
export const createInProcessRunner = <A extends Activities>(options: InProcessRunnerOptions<A>): InProcessRunner => {
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const runs = new Map<string, Run>();
  const clock = options.timers ?? systemTimers;
  const timers = new Set<{ timer: unknown; reject: (error: Error) => void }>();
  let stopping = false;

  /** a timer of any length (the system timers chain Node's for weeks-long sleeps), cancelled by stop() */
  const wait = (ms: number): Promise<void> =>
    new Promise((resolve, reject) => {
      if (stopping) return reject(new WorkflowRunnerStopped());
      const entry: { timer: unknown; reject: (error: Error) => void } = { timer: undefined, reject };
      entry.timer = clock.setTimeout(() => {
        timers.delete(entry);
        resolve();
      }, ms);
      timers.add(entry);
    });

  const callActivity = async (name: string, input: unknown): Promise<unknown> => {
    const activity = options.activities[name];
    if (!activity) throw new NonRetryableActivityError(`unknown activity ${name}`);
    for (let attempt = 1; ; attempt += 1) {
      if (stopping) throw new WorkflowRunnerStopped();
      try {
        return await activity(input);
      } catch (error) {
        if (error instanceof NonRetryableActivityError || attempt >= retry.maxAttempts || stopping) throw error;
        const delay = Math.min(retry.initialIntervalMs * 2 ** (attempt - 1), retry.maxIntervalMs);
        options.logger.warn({ err: error, activity: name, attempt, delay }, 'activity failed, retrying');
        await wait(delay);
      }
    }
  };

  const contextFor = (run: Pick<Run, 'signals' | 'waiters'>): WorkflowContext<A> => ({
    activity: ((name: string, input: unknown) => callActivity(name, input)) as WorkflowContext<A>['activity'],
    sleep: (ms) => wait(ms),
    continueAsNew: (input) => Promise.reject(new ContinueAsNew(input)),
    // no history to replay: every run is on the current code
    patched: () => true,
    waitForSignal: <T>(name: string, timeoutMs: number) =>
      new Promise<T | undefined>((resolve, reject) => {
        const queued = run.signals.get(name);
        if (queued && queued.length > 0) return resolve(queued.shift() as T);
        if (stopping) return reject(new WorkflowRunnerStopped());
        const entry: { timer: unknown; reject: (error: Error) => void } = { timer: undefined, reject };
        entry.timer = clock.setTimeout(() => {
          timers.delete(entry);
          run.waiters.delete(name);
          resolve(undefined);
        }, timeoutMs);
        timers.add(entry);
        run.waiters.set(name, (payload) => {
          clock.clearTimeout(entry.timer);
          timers.delete(entry);
          run.waiters.delete(name);
          resolve(payload as T);
        });
      }),
  });

  return {
    async start(workflowType, workflowId, input) {
      if (stopping) throw new WorkflowRunnerStopped();
      if (runs.has(workflowId)) return;
      const definition = options.workflows[workflowType];
      if (!definition) throw new Error(`unknown workflow type ${workflowType}`);
      const state = { signals: new Map<string, unknown[]>(), waiters: new Map<string, (payload: unknown) => void>() };
      const done = (async () => {
        try {
          // a run that continues as new starts over with its new input (signals not yet taken stay)
          for (let next: unknown = input; ; ) {
            try {
              await definition(contextFor(state), next);
              break;
            } catch (error) {
              if (!(error instanceof ContinueAsNew)) throw error;
              next = error.input;
            }
          }
        } catch (error) {
          if (error instanceof WorkflowRunnerStopped) {
            options.logger.info({ workflowId, workflowType }, 'workflow interrupted by shutdown; resumes on restart');
          } else {
            options.logger.error({ err: error, workflowId, workflowType }, 'workflow failed');
          }
        } finally {
          runs.delete(workflowId);
        }
      })();
      runs.set(workflowId, { done, ...state });
    },
    async signal(workflowId, name, payload) {
      const run = runs.get(workflowId);
      if (!run) return;
      const waiter = run.waiters.get(name);
      if (waiter) waiter(payload);
      else run.signals.set(name, [...(run.signals.get(name) ?? []), payload]);
    },
    async settled(workflowId) {
      await runs.get(workflowId)?.done;
    },
    running: () => [...runs.keys()],
    async stop() {
      stopping = true;
      for (const entry of timers) {
        clock.clearTimeout(entry.timer);
        entry.reject(new WorkflowRunnerStopped());
      }
      timers.clear();
      await Promise.all([...runs.values()].map((run) => run.done));
    },
  };
};
