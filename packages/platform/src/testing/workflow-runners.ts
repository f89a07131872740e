/**
 * The runners a workflow suite runs on, so that one spec runs the same definitions on each: the
 * in-process runner, and a real Temporal (dev server; time-skipping server for long timers), where
 * the service's Temporal entry module is bundled once per file and a worker per test polls its own
 * task queue. Activities are whatever the test gives; on Temporal they run in this process too.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { expect } from 'vitest';
import type { Activities, WorkflowDefinition } from '../workflows/context.ts';
import { createInProcessRunner } from '../workflows/in-process-runner.ts';
import { startTemporalRunner } from '../workflows/temporal-runner.ts';
import {
  startTemporalDevServer,
  startTimeSkippingServer,
  type TemporalServerKind,
  temporalSkipReason,
  workflowBundle,
} from './temporal-server.ts';
import { recordingHistories, saveHistory } from './workflow-histories.ts';

export interface WorkflowsUnderTest<A extends Activities> {
  // biome-ignore lint/suspicious/noExplicitAny: each definition declares its own input
  readonly workflows: Readonly<Record<string, WorkflowDefinition<any, A>>>;
  /** the service's Temporal entry module (the same definitions bound to Temporal's context) */
  readonly temporalEntry: URL;
  readonly activities: A;
  /** where the service keeps recorded histories (see ./workflow-histories.ts) */
  readonly histories?: URL;
}

export interface RunnerUnderTest {
  start(workflowType: string, workflowId: string, input: unknown): Promise<void>;
  signal(workflowId: string, name: string, payload: unknown): Promise<void>;
  /** resolves when the workflow, with every run it continued as, has completed; rejects when it failed */
  result(workflowId: string): Promise<void>;
  stop(): Promise<void>;
}

export interface RunnerKind {
  readonly name: string;
  /** why it cannot run here, or null */
  readonly skipReason: string | null;
  create<A extends Activities>(under: WorkflowsUnderTest<A>): Promise<RunnerUnderTest>;
}

export const inProcessRunnerKind: RunnerKind = {
  name: 'the in-process runner',
  skipReason: null,
  async create(under) {
    const failures = new Map<string, unknown>();
    const runner = createInProcessRunner({
      workflows: under.workflows,
      activities: under.activities,
      retry: { initialIntervalMs: 10, maxIntervalMs: 50 },
      logger: {
        info: () => undefined,
        warn: () => undefined,
        error: (fields: unknown) => {
          const { err, workflowId } = fields as { err: unknown; workflowId?: string };
          if (workflowId) failures.set(workflowId, err);
        },
      } as never,
    });
    return {
      start: (type, id, input) => runner.start(type, id, input),
      signal: (id, name, payload) => runner.signal(id, name, payload),
      async result(id) {
        await runner.settled(id);
        if (failures.has(id)) throw failures.get(id);
      },
      stop: () => runner.stop(),
    };
  },
};

const servers = new Map<TemporalServerKind, Promise<TestWorkflowEnvironment>>();

/** the Temporal server of this kind for this test file, started on first use */
export const temporalServer = (kind: TemporalServerKind): Promise<TestWorkflowEnvironment> => {
  let server = servers.get(kind);
  if (!server) {
    server = kind === 'dev' ? startTemporalDevServer() : startTimeSkippingServer();
    servers.set(kind, server);
  }
  return server;
};

/** stops the servers this file started (its afterAll) */
export const stopTemporalServers = async (): Promise<void> => {
  const started = [...servers.values()];
  servers.clear();
  await Promise.all(started.map(async (server) => (await server).teardown()));
};

/** a Temporal worker over the service's bundled entry, on a task queue of its own */
export const startTestWorker = async <A extends Activities>(
  env: TestWorkflowEnvironment,
  under: WorkflowsUnderTest<A>,
  taskQueue: string,
): Promise<{ stop(): Promise<void> }> => {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    taskQueue,
    workflowBundle: await workflowBundle(under.temporalEntry),
    activities: under.activities,
  });
  const running = worker.run();
  return {
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
    },
  };
};

/** the production Temporal runner (`startTemporalRunner`) against a test server, its worker on a task queue of its own */
const temporalRunnerKind = (kind: TemporalServerKind, name: string): RunnerKind => ({
  name,
  skipReason: temporalSkipReason(kind),
  async create(under) {
    const env = await temporalServer(kind);
    const runner = await startTemporalRunner({
      address: env.address,
      namespace: env.namespace ?? 'default',
      taskQueue: `test-${randomUUID()}`,
      workflowsPath: fileURLToPath(under.temporalEntry),
      workflowBundle: await workflowBundle(under.temporalEntry),
      activities: under.activities,
    });
    return {
      start: (type, id, input) => runner.start(type, id, input),
      signal: (id, name, payload) => runner.signal(id, name, payload),
      async result(id) {
        const handle = env.client.workflow.getHandle(id);
        await handle.result();
        const test = expect.getState().currentTestName;
        if (kind === 'dev' && recordingHistories() && under.histories && test)
          await saveHistory(under.histories, test, await handle.fetchHistory());
      },
      stop: () => runner.stop(),
    };
  },
});

export const temporalDevRunnerKind = temporalRunnerKind('dev', 'Temporal (dev server)');
export const timeSkippingRunnerKind = temporalRunnerKind('time-skipping', 'Temporal (time-skipping server)');

/**
 * The runners a shared workflow suite runs on: the in-process runner and the Temporal dev server.
 * A runner that cannot run here is left out, and why is printed.
 */
export const workflowRunnerKinds = (suite: string): RunnerKind[] =>
  [inProcessRunnerKind, temporalDevRunnerKind].filter((kind) => {
    if (kind.skipReason) console.log(`skipped ${suite} on ${kind.name}: ${kind.skipReason}`);
    return kind.skipReason === null;
  });
