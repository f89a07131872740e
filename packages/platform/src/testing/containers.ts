/**
 * For the `*.containers.test.ts` suites (`npm run test:containers`): each starts a throwaway
 * server in Docker through testcontainers and runs a port's contract suite against it. Without a
 * Docker engine they skip, saying why: testcontainers' `getContainerRuntimeClient()` rejects at
 * once when it finds no engine.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { GenericContainer, getContainerRuntimeClient, Wait } from 'testcontainers';
import { startTemporalRunner } from '../workflows/temporal-runner.ts';
import { workflowBundle } from './temporal-server.ts';
import type { RunnerKind } from './workflow-runners.ts';

let probe: Promise<string | null> | undefined;

/** why containers cannot run here, or null when a Docker (or compatible) engine answers */
export const containerSkipReason = (): Promise<string | null> => {
  probe ??= getContainerRuntimeClient().then(
    () => null,
    (error: unknown) =>
      `no container runtime (testcontainers found no Docker engine: ${error instanceof Error ? error.message : String(error)})`,
  );
  return probe;
};

/** true when the suite can run; otherwise prints why it is skipped */
export const containersAvailable = async (suite: string): Promise<boolean> => {
  const reason = await containerSkipReason();
  if (reason) console.warn(`skipped ${suite}: ${reason}`);
  return reason === null;
};

/** pinned images, so a run is the same everywhere */
export const CONTAINER_IMAGES = {
  kurrentdb: 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1',
  mongodb: 'mongo:8.0',
  typesense: 'typesense/typesense:27.1',
  nats: 'nats:2.10-alpine',
  temporal: 'temporalio/temporal:1.4.1',
} as const;

/**
 * A Temporal dev server in a container (the `temporal` CLI image's `server start-dev`), and the
 * production Temporal runner against it as a RunnerKind, so a service's workflow spec runs on it
 * as on the other runners (./workflow-runners.ts).
 */
export const startTemporalContainer = async (): Promise<{ address: string; stop(): Promise<void> }> => {
  const container = await new GenericContainer(CONTAINER_IMAGES.temporal)
    .withCommand(['server', 'start-dev', '--ip', '0.0.0.0', '--headless'])
    .withExposedPorts(7233)
    .withWaitStrategy(Wait.forListeningPorts())
    .start();
  return {
    address: `${container.getHost()}:${container.getMappedPort(7233)}`,
    async stop() {
      await container.stop();
    },
  };
};

export const temporalRunnerKindAt = (address: () => string): RunnerKind => ({
  name: 'Temporal (container)',
  skipReason: null,
  async create(under) {
    const runner = await startTemporalRunner({
      address: address(),
      taskQueue: `test-${randomUUID()}`,
      workflowsPath: fileURLToPath(under.temporalEntry),
      workflowBundle: await workflowBundle(under.temporalEntry),
      activities: under.activities,
    });
    const connection = await Connection.connect({ address: address() });
    const client = new Client({ connection, namespace: 'default' });
    return {
      start: (type, id, input) => runner.start(type, id, input),
      signal: (id, name, payload) => runner.signal(id, name, payload),
      async result(id) {
        await client.workflow.getHandle(id).result();
      },
      async stop() {
        await runner.stop();
        await connection.close();
      },
    };
  },
});
